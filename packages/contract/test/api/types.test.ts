import { describe, expectTypeOf, it } from 'vitest';
import type { MqttConfig } from '../../src/api/mqtt';
import type { NtpConfig, NtpTimeResponse } from '../../src/api/ntp';
import type { SecurityConfig } from '../../src/api/security';
import type { MqttConfigPayload } from '../../src/schemas/mqtt';
import type { NtpConfigPayload, NtpTimePayload } from '../../src/schemas/ntp';
import type { SecurityConfigPayload } from '../../src/schemas/security';

// Checked by tsc: the payload a schema yields is the config the GET endpoint returns.
describe('schema outputs match the hand-written API types', () => {
  it('mqtt', () => {
    expectTypeOf<MqttConfigPayload>().toEqualTypeOf<MqttConfig>();
  });
  it('ntp', () => {
    // The payload's ntp_timezone (the older form) is optional; GET always carries it.
    expectTypeOf<Required<NtpConfigPayload>>().toEqualTypeOf<NtpConfig>();
    expectTypeOf<NtpTimePayload>().toEqualTypeOf<Omit<NtpTimeResponse, 'ntp_status'>>();
  });
  it('security', () => {
    // allowed_origins may be left out of a POST (the stored list is kept); GET always carries it.
    type Stored = Required<{ [K in keyof SecurityConfigPayload]: NonNullable<SecurityConfigPayload[K]> }>;
    expectTypeOf<Stored>().toEqualTypeOf<SecurityConfig>();
    expectTypeOf<SecurityConfigPayload['allowed_origins']>().toEqualTypeOf<string[] | undefined>();
  });
});

import { describe, expectTypeOf, it } from 'vitest';
import type { MqttConfig } from '../../src/mqtt/api';
import type { MqttConfigPayload } from '../../src/mqtt/schemas';
import type { NtpConfig, NtpTimeResponse } from '../../src/ntp/api';
import type { NtpConfigPayload, NtpTimePayload } from '../../src/ntp/schemas';
import type { SecurityConfig } from '../../src/security/api';
import type { SecurityConfigPayload } from '../../src/security/schemas';

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

import {
  type CurPin,
  type DeviceConfig,
  type DeviceConfigValues,
  DeviceLimits,
  deviceConfigSchema,
  type PinMappingProfile,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import type { ConfigStore } from '../config/store';
import type { GatewayContext } from '../context';
import { parsePostData, savedEnvelope } from '../http/post-data';

type DeviceSection = DeepReadonly<GatewayConfig['device']>;

/** Not connected. */
const NC = -1;

/** Pins of a board without a profile, in api.md §6.3 key order; -1 = not connected. */
const DEFAULT_PINS: Omit<CurPin, 'name' | 'eth'> & { eth: NonNullable<CurPin['eth']> } = {
  nrf24: { clk: NC, cs: NC, en: NC, irq: NC, miso: NC, mosi: NC },
  cmt: { clk: NC, cs: NC, fcs: NC, sdio: NC, gpio2: NC, gpio3: NC },
  w5500: { sclk: NC, mosi: NC, miso: NC, cs: NC, int: NC, rst: NC },
  eth: { enabled: false, phy_addr: NC, power: NC, mdc: NC, mdio: NC, type: 0, clk_mode: 0 },
  display: { type: 0, data: NC, clk: NC, cs: NC, reset: NC },
  led: { led0: NC, led1: NC },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type PinMappingRead =
  | { kind: 'missing' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'ok'; profiles: PinMappingProfile[] };

/**
 * pin_mapping.json (api.md §11.2): a JSON array of profiles; a top-level object is not recognised, and
 * entries without a string `name` cannot be selected, so they are left out.
 */
export function parsePinMapping(content: Uint8Array): PinMappingRead {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(content).toString('utf8'));
  } catch (error) {
    return { kind: 'invalid', reason: (error as Error).message };
  }
  if (!Array.isArray(parsed)) return { kind: 'invalid', reason: 'not a JSON array of profiles' };
  const profiles = parsed.filter(
    (entry): entry is PinMappingProfile => isRecord(entry) && typeof entry.name === 'string',
  );
  return { kind: 'ok', profiles };
}

export async function readPinMapping(store: ConfigStore): Promise<PinMappingRead> {
  const content = await store.readPinMapping();
  return content === undefined ? { kind: 'missing' } : parsePinMapping(content);
}

/** One pin group: the profile's integers over the defaults, in the default's key order. */
function pinGroup<T extends { [K in keyof T]: number | boolean }>(defaults: T, given: unknown): T {
  const out: Record<string, unknown> = { ...defaults };
  if (!isRecord(given)) return out as T;
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = given[key];
    if (typeof fallback === 'boolean' ? typeof value === 'boolean' : Number.isInteger(value))
      out[key] = value;
  }
  return out as T;
}

/**
 * The active pin assignment for the stored profile name. `eth` (the on-chip Ethernet MAC of a classic
 * ESP32) is shown only when the selected profile defines it: this host has no such MAC of its own.
 */
export function resolveCurPin(name: string, profiles: readonly PinMappingProfile[]): CurPin {
  const profile = profiles.find((candidate) => candidate.name === name);
  return {
    name,
    nrf24: pinGroup(DEFAULT_PINS.nrf24, profile?.nrf24),
    cmt: pinGroup(DEFAULT_PINS.cmt, profile?.cmt),
    w5500: pinGroup(DEFAULT_PINS.w5500, profile?.w5500),
    ...(isRecord(profile?.eth) ? { eth: pinGroup(DEFAULT_PINS.eth, profile.eth) } : {}),
    display: pinGroup(DEFAULT_PINS.display, profile?.display),
    led: pinGroup(DEFAULT_PINS.led, profile?.led),
  };
}

/** GET /api/device/config (api.md §6.3). */
export function deviceConfigResponse(
  device: DeviceSection,
  profiles: readonly PinMappingProfile[],
): DeviceConfig {
  const { display } = device;
  return {
    curPin: resolveCurPin(device.pinmapping, profiles),
    display: {
      rotation: display.rotation,
      power_safe: display.powersafe,
      screensaver: display.screensaver,
      contrast: display.contrast,
      locale: display.locale,
      diagramduration: display.diagram_duration,
      diagrammode: display.diagram_mode,
    },
    led: device.led.map((led) => ({ brightness: led.brightness })),
  };
}

/** The stored section for a validated POST: the profile name, every display key, both LEDs. */
export function deviceSectionFromPayload(payload: DeviceConfigValues): GatewayConfig['device'] {
  const { display } = payload;
  return {
    pinmapping: payload.curPin.name,
    display: {
      powersafe: display.power_safe,
      screensaver: display.screensaver,
      rotation: display.rotation,
      contrast: display.contrast,
      locale: display.locale,
      diagram_duration: display.diagramduration,
      diagram_mode: display.diagrammode,
    },
    led: payload.led.map((led) => ({ brightness: led.brightness })),
  };
}

/**
 * "" and "Default" both mean "no profile" (domain.md §10.1). The web app shows and posts "Default" for "",
 * so comparing them as equal spares the pointless reboot of a first save (which the firmware does).
 */
export function isProfileChange(stored: string, posted: string): boolean {
  const normalise = (name: string) => (name === '' ? DeviceLimits.defaultProfileName : name);
  return normalise(stored) !== normalise(posted);
}

/** /api/device/config: pins (from the selected pin_mapping.json profile), display and LEDs; Admin. */
export const deviceRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/device/config',
    { config: { auth: 'admin', summary: 'Device profile (pins), display and LED settings' } },
    async (): Promise<DeviceConfig> => {
      const mapping = await readPinMapping(ctx.config);
      if (mapping.kind === 'invalid')
        ctx.log.warn({ reason: mapping.reason }, 'pin_mapping.json is unreadable');
      return deviceConfigResponse(ctx.config.get('device'), mapping.kind === 'ok' ? mapping.profiles : []);
    },
  );

  app.post(
    '/api/device/config',
    {
      config: {
        auth: 'admin',
        summary: 'Save the device profile, display and LED settings',
        payload: deviceConfigSchema,
      },
    },
    async (request) => {
      const posted = await parsePostData(request, deviceConfigSchema);
      if (!posted.ok) return posted.envelope;
      const profileChanged = isProfileChange(ctx.config.get('device').pinmapping, posted.value.curPin.name);
      const outcome = await ctx.config.update('device', deviceSectionFromPayload(posted.value));
      // New pins take effect at start (api.md §6.3): restart about 1 s after this answer has gone out.
      if (profileChanged) ctx.requestReboot(`device profile changed to "${posted.value.curPin.name}"`);
      return savedEnvelope(outcome);
    },
  );
};

import {
  type DeviceConfig,
  type DeviceConfigValues,
  deviceConfigSchema,
  displayLanguageOfLocale,
  type PinMappingProfile,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { saveDeviceSettings } from '../config/device-settings';
import { readPinMapping, resolveCurPin } from '../config/pin-mapping';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';

type DeviceSection = DeepReadonly<GatewayConfig['device']>;

/** GET /api/device/config. */
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
      language: displayLanguageOfLocale(display.locale),
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

  postData(
    app,
    '/api/device/config',
    {
      auth: 'admin',
      summary: 'Save the device profile, display and LED settings',
      payload: deviceConfigSchema,
    },
    async (values) => {
      const saved = await saveDeviceSettings(ctx.config, deviceSectionFromPayload(values));
      if (saved.rebootReason !== undefined) ctx.requestReboot(saved.rebootReason);
      return savedEnvelope(saved.outcome);
    },
  );
};

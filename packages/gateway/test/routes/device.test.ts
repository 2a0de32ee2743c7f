import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { deviceConfig } from '@dtu-console/contract/device/fixtures';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePinMapping, pinMappingProblem, resolveCurPin } from '../../src/config/pin-mapping';
import { expectAuthMatrix, expectEnvelope, expectSameShape, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';

/** The two boards of the reference pin_mapping.example.json. */
const EXAMPLE_PIN_MAPPING = JSON.stringify([
  {
    name: 'ESP32 PoE board (LAN8720) + nRF24 + SSD1306',
    links: [{ name: 'Wiring notes', url: 'https://example.invalid/esp32-poe-nrf24' }],
    nrf24: { miso: 15, mosi: 2, clk: 14, irq: 13, en: 16, cs: 5 },
    eth: { enabled: true, phy_addr: 0, power: 12, mdc: 23, mdio: 18, type: 0, clk_mode: 3 },
    display: { type: 2, data: 33, clk: 32 },
    led: { led0: 4 },
  },
  {
    name: 'ESP32-S3 + CMT2300A + W5500 + SH1106',
    links: [{ name: 'Board documentation', url: 'https://example.invalid/s3-cmt-w5500' }],
    cmt: { clk: 12, cs: 10, fcs: 11, sdio: 13, gpio2: 14, gpio3: 15 },
    w5500: { mosi: 40, miso: 41, sclk: 39, cs: 42, int: 44, rst: 43 },
    display: { type: 3, data: 8, clk: 9 },
    led: { led0: 17, led1: 18 },
  },
]);
const S3_BOARD = 'ESP32-S3 + CMT2300A + W5500 + SH1106';
const POE_BOARD = 'ESP32 PoE board (LAN8720) + nRF24 + SSD1306';

// A GET answer in OpenDTU's shape (with `eth`, which only some profiles have).
const apiExample = deviceConfig();
const { eth: _eth, ...curPinWithoutEth } = apiExample.curPin;

let env: Awaited<ReturnType<typeof testGateway>>;
beforeAll(async () => {
  env = await testGateway({}, { authLimits: { maxFailures: 1000 } });
});
afterAll(() => env.cleanup());

const pinMappingPath = () => join(env.dataDir, 'pin_mapping.json');

describe('GET /api/device/config', () => {
  beforeEach(async () => {
    await rm(pinMappingPath(), { force: true });
  });

  it('answers in the contract shape with the defaults of a fresh device and no pin mapping file', async () => {
    const response = await get(env.gateway, '/api/device/config');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, { ...apiExample, curPin: curPinWithoutEth });
    expect(body.curPin).toEqual({
      name: '',
      nrf24: { clk: -1, cs: -1, en: -1, irq: -1, miso: -1, mosi: -1 },
      cmt: { clk: -1, cs: -1, fcs: -1, sdio: -1, gpio2: -1, gpio3: -1 },
      w5500: { sclk: -1, mosi: -1, miso: -1, cs: -1, int: -1, rst: -1 },
      display: { type: 0, data: -1, clk: -1, cs: -1, reset: -1 },
      led: { led0: -1, led1: -1 },
    });
    expect(body.display).toEqual(apiExample.display);
    expect(body.led).toEqual(apiExample.led);
  });

  it('takes the pins of the selected profile from pin_mapping.json; missing pins are -1', async () => {
    await writeFile(pinMappingPath(), EXAMPLE_PIN_MAPPING);
    await env.gateway.ctx.config.patch('device', { pinmapping: S3_BOARD });
    const s3 = (await get(env.gateway, '/api/device/config')).json();
    expect(s3.curPin).toEqual({
      name: S3_BOARD,
      nrf24: { clk: -1, cs: -1, en: -1, irq: -1, miso: -1, mosi: -1 },
      cmt: { clk: 12, cs: 10, fcs: 11, sdio: 13, gpio2: 14, gpio3: 15 },
      w5500: { sclk: 39, mosi: 40, miso: 41, cs: 42, int: 44, rst: 43 },
      display: { type: 3, data: 8, clk: 9, cs: -1, reset: -1 },
      led: { led0: 17, led1: 18 },
    });

    await env.gateway.ctx.config.patch('device', { pinmapping: POE_BOARD });
    const poe = (await get(env.gateway, '/api/device/config')).json();
    expectSameShape(poe, apiExample);
    expect(poe.curPin.eth).toEqual({
      enabled: true,
      phy_addr: 0,
      power: 12,
      mdc: 23,
      mdio: 18,
      type: 0,
      clk_mode: 3,
    });
    expect(poe.curPin.nrf24).toEqual({ clk: 14, cs: 5, en: 16, irq: 13, miso: 15, mosi: 2 });
    expect(poe.curPin.led).toEqual({ led0: 4, led1: -1 });

    // A name that matches no profile shows no pins, but is still the stored name.
    await env.gateway.ctx.config.patch('device', { pinmapping: 'Gone' });
    const gone = (await get(env.gateway, '/api/device/config')).json();
    expect(gone.curPin.name).toBe('Gone');
    expect(gone.curPin.cmt.clk).toBe(-1);
  });

  it('shows default pins for an unreadable pin_mapping.json instead of failing', async () => {
    await writeFile(pinMappingPath(), '{"name":"an object, not an array"}');
    await env.gateway.ctx.config.patch('device', { pinmapping: 'an object, not an array' });
    const response = await get(env.gateway, '/api/device/config');
    expect(response.statusCode).toBe(200);
    expect(response.json().curPin.nrf24.clk).toBe(-1);
  });
});

describe('pin mapping parsing', () => {
  it('reads the example file and only ever takes integer pins', async () => {
    const read = parsePinMapping(Buffer.from(EXAMPLE_PIN_MAPPING));
    expect(read.kind).toBe('ok');
    if (read.kind !== 'ok') return;
    expect(read.profiles.map((p) => p.name)).toEqual([POE_BOARD, S3_BOARD]);
    const pins = resolveCurPin('x', [
      { name: 'x', nrf24: { clk: '5' as unknown as number, cs: 1.5, en: 3 } },
    ]);
    expect(pins.nrf24).toEqual({ clk: -1, cs: -1, en: 3, irq: -1, miso: -1, mosi: -1 });
    expect(parsePinMapping(Buffer.from('not json')).kind).toBe('invalid');
    expect(parsePinMapping(Buffer.from('{}')).kind).toBe('invalid');
    expect(parsePinMapping(Buffer.from('[{"nrf24":{}},{"name":"ok"}]'))).toEqual({
      kind: 'ok',
      profiles: [{ name: 'ok' }],
    });
  });

  it('applies the same rule to a restore, strictly: every profile named', () => {
    expect(pinMappingProblem(EXAMPLE_PIN_MAPPING)).toBeUndefined();
    expect(pinMappingProblem('[{"nrf24":{}},{"name":"ok"}]')).toBe('profile 0 has no "name"');
    expect(pinMappingProblem('{}')).toBe('not a JSON array of device profiles');
    expect(pinMappingProblem('not json')).toMatch(/^not valid JSON/);
    expect(parsePinMapping('not json')).toMatchObject({
      kind: 'invalid',
      reason: expect.stringMatching(/^not valid JSON/),
    });
  });
});

describe('POST /api/device/config', () => {
  // The same profile as stored: a change of profile restarts the gateway (tested below on its own gateway).
  beforeEach(async () => {
    await env.gateway.ctx.config.patch('device', { pinmapping: S3_BOARD });
  });

  it('stores the profile name, display keys and LEDs; ignores posted pins; answers 1001', async () => {
    const posted = {
      ...apiExample,
      curPin: {
        ...apiExample.curPin,
        name: S3_BOARD,
        nrf24: { clk: 1, cs: 2 },
        links: [{ name: 'x', url: 'y' }],
      },
      display: { ...apiExample.display, rotation: 1, contrast: 200, locale: 'french', diagrammode: 2 },
      led: [{ brightness: 150 }, { brightness: 30 }],
    };
    expectEnvelope(await post(env.gateway, '/api/device/config', posted), 1001);
    expect(env.gateway.ctx.config.get('device')).toEqual({
      pinmapping: S3_BOARD,
      display: {
        powersafe: true,
        screensaver: true,
        rotation: 1,
        contrast: 200,
        locale: 'fr',
        diagram_duration: 36000,
        diagram_mode: 2,
      },
      led: [{ brightness: 100 }, { brightness: 30 }],
    });
    const body = (await get(env.gateway, '/api/device/config')).json();
    expect(body.curPin.name).toBe(S3_BOARD);
    expect(body.curPin.nrf24.clk).not.toBe(1);
    expect(body.display.locale).toBe('fr');
  });

  it('serves the older numeric language beside locale (0 en, 1 de, 2 fr; any other locale reads 0)', async () => {
    const display = (locale: string) => ({ ...apiExample.display, locale, language: undefined });
    for (const [locale, language] of [
      ['de', 1],
      ['fr', 2],
      ['en', 0],
      ['it', 0],
    ] as const) {
      expectEnvelope(
        await post(env.gateway, '/api/device/config', {
          curPin: { name: S3_BOARD },
          display: display(locale),
        }),
        1001,
      );
      const body = (await get(env.gateway, '/api/device/config')).json();
      expect(body.display).toMatchObject({ locale, language });
    }
  });

  it('accepts the numeric language of an older client without locale; locale wins when both are sent', async () => {
    const { locale: _locale, ...older } = apiExample.display;
    expectEnvelope(
      await post(env.gateway, '/api/device/config', {
        curPin: { name: S3_BOARD },
        display: { ...older, language: 1 },
      }),
      1001,
    );
    expect(env.gateway.ctx.config.get('device').display.locale).toBe('de');
    expect((await get(env.gateway, '/api/device/config')).json().display).toMatchObject({
      locale: 'de',
      language: 1,
    });

    expectEnvelope(
      await post(env.gateway, '/api/device/config', {
        curPin: { name: S3_BOARD },
        display: { ...older, language: '2' },
      }),
      1001,
    );
    expect(env.gateway.ctx.config.get('device').display.locale).toBe('fr');

    // An index outside the list falls back to the firmware's reading of an absent locale.
    expectEnvelope(
      await post(env.gateway, '/api/device/config', {
        curPin: { name: S3_BOARD },
        display: { ...older, language: 7 },
      }),
      1001,
    );
    expect(env.gateway.ctx.config.get('device').display.locale).toBe('nu');

    const both = {
      curPin: { name: S3_BOARD },
      display: { ...apiExample.display, locale: 'en', language: 2 },
    };
    expectEnvelope(await post(env.gateway, '/api/device/config', both), 1001);
    expect((await get(env.gateway, '/api/device/config')).json().display).toMatchObject({
      locale: 'en',
      language: 0,
    });
  });

  it.each([
    ['{}', 1005],
    ['{"led":[]}', 1005],
    ['[]', 1005],
    ['{"curPin"', 1004],
  ])('answers %s with %i', async (data, code) => {
    expectEnvelope(await post(env.gateway, '/api/device/config', data), code);
  });

  it.each([[''], ['p'.repeat(64)]])('answers 12001 {max 63} for the profile name %j', async (name) => {
    const before = env.gateway.ctx.config.get('device');
    const response = await post(env.gateway, '/api/device/config', { ...apiExample, curPin: { name } });
    expectEnvelope(response, 12001, { max: 63 });
    expect(env.gateway.ctx.config.get('device')).toBe(before);
  });
});

describe('a changed profile restarts the gateway', () => {
  let own: Awaited<ReturnType<typeof testGateway>>;
  beforeEach(async () => {
    own = await testGateway({}, { rebootDelayMs: 20 });
  });
  afterEach(() => own.cleanup());

  const restarted = async () => {
    const outcome = await Promise.race([
      own.gateway.rebootRequested.then(() => 'reboot'),
      new Promise((resolve) => setTimeout(() => resolve('none'), 200)),
    ]);
    return outcome === 'reboot';
  };

  it('restarts about 1 s after answering when the name differs; 503 until then', async () => {
    expectEnvelope(
      await post(own.gateway, '/api/device/config', { ...apiExample, curPin: { name: S3_BOARD } }),
      1001,
    );
    expect(own.gateway.ctx.config.get('device').pinmapping).toBe(S3_BOARD);
    expect((await get(own.gateway, '/api/device/config')).statusCode).toBe(503);
    expect(await restarted()).toBe(true);
  });

  it('refuses a save without a curPin object (1005): nothing stored, no restart, also when repeated', async () => {
    for (const curPin of [undefined, null, 5, 'Default', {}, { name: 3 }]) {
      for (let i = 0; i < 2; i++) {
        expectEnvelope(
          await post(own.gateway, '/api/device/config', { curPin, display: apiExample.display }),
          1005,
        );
      }
    }
    expect(own.gateway.ctx.config.get('device').pinmapping).toBe('');
    expect(await restarted()).toBe(false);
  });

  it('does not restart for the same name, nor for "Default" over the stored ""', async () => {
    expect(own.gateway.ctx.config.get('device').pinmapping).toBe('');
    expectEnvelope(
      await post(own.gateway, '/api/device/config', { ...apiExample, curPin: { name: 'Default' } }),
      1001,
    );
    expectEnvelope(
      await post(own.gateway, '/api/device/config', { ...apiExample, curPin: { name: 'Default' } }),
      1001,
    );
    expect(await restarted()).toBe(false);
    expect((await get(own.gateway, '/api/device/config')).statusCode).toBe(200);
  });
});

describe('auth', () => {
  it('is Admin for GET and POST', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/device/config', level: 'admin' },
      { method: 'POST', url: '/api/device/config', level: 'admin', data: {} },
    ]);
  });
});

/** The Linux keys of pin_mapping.json: the shipped Raspberry Pi profiles, and clear errors for bad ones. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PinMappingProfile } from '@dtu-console/contract';
import { describe, expect, it } from 'vitest';
import {
  linuxRadioWiring,
  parsePinMapping,
  pinMappingProblem,
  readLinuxRadioWiring,
  resolveCurPin,
} from '../../src/config/pin-mapping';
import type { ConfigStore } from '../../src/config/store';

const EXAMPLE_PATH = join(import.meta.dirname, '../../../../deploy/raspberry-pi/pin_mapping.json');
const example = readFileSync(EXAMPLE_PATH, 'utf8');
const profiles = (() => {
  const read = parsePinMapping(example);
  if (read.kind !== 'ok') throw new Error('the example does not parse');
  return read.profiles;
})();

const NRF_SPI0 = {
  spidev: '/dev/spidev0.0',
  gpiochip: '/dev/gpiochip0',
  ce: 22,
  irq: 25,
  speedHz: 8_000_000,
};

const invalid = (profile: Record<string, unknown>) => {
  const read = linuxRadioWiring({ name: 'p', ...profile } as PinMappingProfile);
  return read.kind === 'invalid' ? read.reason : `not invalid: ${JSON.stringify(read)}`;
};

describe('the shipped Raspberry Pi profiles', () => {
  it('are a valid pin_mapping.json, every profile named', () => {
    expect(pinMappingProblem(example)).toBeUndefined();
    expect(profiles).toHaveLength(3);
  });

  it('nRF24L01+ alone on SPI0 CE0, CE on GPIO22, IRQ on GPIO25', () => {
    expect(linuxRadioWiring(profiles[0])).toEqual({ kind: 'ok', wiring: { nrf: NRF_SPI0 } });
  });

  it('CMT2300A on SPI0 CE1 in 3-wire mode, FCSB on a line', () => {
    expect(linuxRadioWiring(profiles[1])).toEqual({
      kind: 'ok',
      wiring: {
        nrf: NRF_SPI0,
        cmt: {
          spidev: '/dev/spidev0.1',
          threeWire: true,
          fcsb: { line: 26 },
          gpiochip: '/dev/gpiochip0',
          gpio2: 23,
          gpio3: 24,
          speedHz: 1_000_000,
        },
      },
    });
  });

  it('CMT2300A on SPI1 with FCSB on the second chip select and SDIO bridged (no 3-wire mode)', () => {
    expect(linuxRadioWiring(profiles[2])).toEqual({
      kind: 'ok',
      wiring: {
        nrf: NRF_SPI0,
        cmt: {
          spidev: '/dev/spidev1.0',
          threeWire: false,
          fcsb: { spidev: '/dev/spidev1.1' },
          gpiochip: '/dev/gpiochip0',
          gpio2: 23,
          gpio3: 24,
          speedHz: 1_000_000,
        },
      },
    });
  });

  it('the device settings still show the OpenDTU pins (BCM numbers) of a Linux profile', () => {
    const curPin = resolveCurPin(profiles[1]!.name, profiles);
    expect(curPin.nrf24).toEqual({ clk: 11, cs: 8, en: 22, irq: 25, miso: 9, mosi: 10 });
    expect(curPin.cmt).toEqual({ clk: 11, cs: 7, fcs: 26, sdio: 10, gpio2: 23, gpio3: 24 });
  });
});

describe('linuxRadioWiring', () => {
  it('has nothing to say about an ESP32 profile (no spidev) or an unknown profile', () => {
    expect(linuxRadioWiring({ name: 'esp', nrf24: { clk: 14, cs: 5, en: 16, irq: 13 } })).toEqual({
      kind: 'none',
    });
    expect(linuxRadioWiring(undefined)).toEqual({ kind: 'none' });
  });

  it('takes optional IRQ and GPIO2/3 as absent or -1, and an SPI clock of the profile', () => {
    expect(
      linuxRadioWiring({
        name: 'p',
        nrf24: {
          spidev: '/dev/spidev0.0',
          gpiochip: '/dev/gpiochip0',
          en: 22,
          irq: -1,
          spi_speed_hz: 4_000_000,
        },
        cmt: { spidev: '/dev/spidev1.0', fcs_spidev: '/dev/spidev1.2', gpio2: -1 },
      } as PinMappingProfile),
    ).toEqual({
      kind: 'ok',
      wiring: {
        nrf: { spidev: '/dev/spidev0.0', gpiochip: '/dev/gpiochip0', ce: 22, speedHz: 4_000_000 },
        cmt: {
          spidev: '/dev/spidev1.0',
          threeWire: true,
          fcsb: { spidev: '/dev/spidev1.2' },
          speedHz: 1_000_000,
        },
      },
    });
  });

  it.each([
    [
      { nrf24: { spidev: 'spidev0.0', gpiochip: '/dev/gpiochip0', en: 22 } },
      'nrf24.spidev must be a device path like /dev/spidev0.0',
    ],
    [
      { nrf24: { spidev: '/dev/spidev0.0', en: 22 } },
      'nrf24.gpiochip must be a device path like /dev/gpiochip0',
    ],
    [
      { nrf24: { spidev: '/dev/spidev0.0', gpiochip: '/dev/gpiochip0' } },
      'nrf24.en must be the line offset (0 or more) on the gpiochip',
    ],
    [
      { nrf24: { spidev: '/dev/spidev0.0', gpiochip: '/dev/gpiochip0', en: 22, irq: 2.5 } },
      'nrf24.irq must be a line offset (0 or more), or -1 when not wired',
    ],
    [
      { nrf24: { spidev: '/dev/spidev0.0', gpiochip: '/dev/gpiochip0', en: 22, spi_speed_hz: 50e6 } },
      'nrf24.spi_speed_hz must be an integer from 10000 to 10000000',
    ],
    [
      { cmt: { spidev: '/dev/spidev1.0' } },
      'cmt needs FCSB: cmt.fcs_spidev (a second chip select, e.g. /dev/spidev1.1) or cmt.fcs (a line offset)',
    ],
    [
      { cmt: { spidev: '/dev/spidev1.0', fcs: 16 } },
      'cmt.gpiochip must be a device path like /dev/gpiochip0',
    ],
    [
      { cmt: { spidev: '/dev/spidev1.0', fcs_spidev: '/dev/spidev0.1' } },
      'cmt.fcs_spidev must be on the same SPI bus as cmt.spidev (they share SDIO)',
    ],
    [
      { cmt: { spidev: '/dev/spidev1.0', fcs_spidev: '/dev/spidev1.0' } },
      'cmt.fcs_spidev must be another chip select than cmt.spidev',
    ],
    [
      { cmt: { spidev: '/dev/spidev1.0', fcs_spidev: '/dev/spidev1.1', three_wire: 'yes' } },
      'cmt.three_wire must be true or false',
    ],
    [
      {
        nrf24: { spidev: '/dev/spidev0.0', gpiochip: '/dev/gpiochip0', en: 22, irq: 25 },
        cmt: { spidev: '/dev/spidev0.1', gpiochip: '/dev/gpiochip0', fcs: 25 },
      },
      'cmt.fcs and nrf24.irq use the same /dev/gpiochip0 line 25',
    ],
    [
      {
        nrf24: { spidev: '/dev/spidev0.0', gpiochip: '/dev/gpiochip0', en: 22 },
        cmt: { spidev: '/dev/spidev0.0', fcs_spidev: '/dev/spidev0.1' },
      },
      'cmt.spidev and nrf24.spidev use the same /dev/spidev0.0',
    ],
  ])('refuses %j in words', (profile, problem) => {
    expect(invalid(profile)).toBe(`device profile "p": ${problem}`);
  });

  it('lists every problem of a profile at once', () => {
    expect(invalid({ nrf24: { spidev: '/dev/spidev0.0' } })).toBe(
      'device profile "p": nrf24.gpiochip must be a device path like /dev/gpiochip0; nrf24.en must be the line offset (0 or more) on the gpiochip',
    );
  });
});

describe('readLinuxRadioWiring', () => {
  const store = (content: string | undefined) =>
    ({
      readPinMapping: async () => (content === undefined ? undefined : Buffer.from(content)),
    }) as unknown as ConfigStore;

  it('reads the named profile of the stored file', async () => {
    expect(await readLinuxRadioWiring(store(example), profiles[0]!.name)).toEqual({
      kind: 'ok',
      wiring: { nrf: NRF_SPI0 },
    });
    expect(await readLinuxRadioWiring(store(example), 'another board')).toEqual({ kind: 'none' });
    expect(await readLinuxRadioWiring(store(undefined), 'x')).toEqual({ kind: 'none' });
    expect(await readLinuxRadioWiring(store('{'), 'x')).toMatchObject({
      kind: 'invalid',
      reason: expect.stringMatching(/^pin_mapping.json is not valid JSON/),
    });
  });
});

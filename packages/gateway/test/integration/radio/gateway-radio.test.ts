/** `--radio model` and `--radio hardware` in a whole gateway: what /api/system/status says. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { IoError } from '@dtu-console/radio/io';
import { LinuxRadioHost } from '@dtu-console/radio/linux/host';
import { afterEach, describe, expect, it } from 'vitest';
import { cmtModelHost } from '../../../../radio/test/linux/cmt-model-host';
import { parseOptions } from '../../../src/options';
import { testGateway } from '../../helpers/gateway';
import { MINUTE, NOON } from './stack';

const PROFILES = join(import.meta.dirname, '../../../../../deploy/raspberry-pi/pin_mapping.json');
const BOTH_CHIPS = 'Raspberry Pi: nRF24L01+ on SPI0 CE0, CMT2300A on SPI0 CE1 (3-wire)';
/** FCSB on a second chip select: the form hardware mode opens today. */
const FCSB_ON_CE1 = 'Raspberry Pi: nRF24L01+ on SPI0 CE0, CMT2300A on SPI1 (SDIO bridged, FCSB on CE1)';

/** Moves the clock in 5 ms steps, letting real I/O in between, until `work` settles. */
async function whileAdvancing(clock: ManualClock, work: void | Promise<void>): Promise<void> {
  let done = false;
  const watched = Promise.resolve(work).finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    await clock.advance(5);
  }
  await watched;
}

describe('--radio', () => {
  it('takes simulated, model and hardware from the flag or RADIO, and refuses anything else', () => {
    expect(parseOptions([], {}).radio).toBeUndefined();
    expect(parseOptions(['--radio', 'model'], {}).radio).toBe('model');
    expect(parseOptions([], { RADIO: 'hardware' }).radio).toBe('hardware');
    expect(() => parseOptions(['--radio', 'real'], {})).toThrow(/expected simulated, model, hardware/);
  });
});

describe('the radio in /api/system/status', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('model: says model plainly (not simulated, not hardware), both chips connected, counts per inverter', async () => {
    const clock = new ManualClock(NOON);
    const env = await testGateway({ radio: 'model' }, { clock, seed: 7 });
    cleanup = env.cleanup;
    const started = env.gateway.ctx.plant.start();
    await clock.advance(2 * MINUTE);
    await started;
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body).toMatchObject({
      radio_mode: 'model',
      radio_simulated: false,
      nrf_connected: true,
      nrf_pvariant: true,
      cmt_connected: true,
      radio_problems: [],
    });
    expect(body.radio_inverters).toHaveLength(2);
    for (const inverter of body.radio_inverters) {
      expect(inverter.frames_sent).toBeGreaterThan(0);
      expect(inverter.answers).toBeGreaterThan(0);
    }
    expect(body.radio_chips.cmt.fifo_overruns).toBe(0);
    const metrics = (await env.gateway.http.inject({ method: 'GET', url: '/api/prometheus/metrics' })).body;
    const answers = body.radio_inverters[0].answers;
    expect(metrics).toContain('# TYPE dtu_radio_results_total counter');
    expect(metrics).toMatch(
      /dtu_radio_results_total\{serial="114172220003",name="[^"]*",result="success"\} [1-9]\d*/,
    );
    expect(answers).toBeGreaterThan(0);
    // The nRF24's receive schemes: the dwell scheme hears the model's HM answers, the blind hop is probed.
    const schemes = body.radio_chips.nrf.rx_scheme;
    expect(schemes).toMatchObject({ choice: 'auto', active: 'dwell', fallbacks: 0 });
    expect(schemes.dwell.answered).toBeGreaterThan(0);
    expect(schemes.dwell.answer_rate).toBeGreaterThan(0.5);
    expect(metrics).toMatch(/dtu_radio_nrf_rx_scheme\{scheme="dwell"\} 1/);
    expect(metrics).toMatch(/dtu_radio_nrf_answered_listens_total\{scheme="dwell"\} [1-9]\d*/);
    expect(metrics).toContain('dtu_radio_nrf_listens_total{scheme="blind_hop"}');
    const stopped = env.gateway.ctx.plant.stop();
    await clock.advance(1000);
    await stopped;
  });

  it('hardware without the FFI: stays up, nothing connected, says why; never simulated', async () => {
    const env = await testGateway(
      { radio: 'hardware' },
      {
        clock: new ManualClock(NOON),
        radioHost: () => Promise.reject(new IoError('radio hardware unavailable: koffi is not installed')),
      },
    );
    cleanup = env.cleanup;
    await writeFile(join(env.dataDir, 'pin_mapping.json'), await readFile(PROFILES));
    await env.gateway.ctx.config.update('device', (device) => ({ ...device, pinmapping: FCSB_ON_CE1 }));
    await env.gateway.ctx.plant.start();
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body).toMatchObject({
      radio_mode: 'hardware',
      radio_simulated: false,
      nrf_configured: true,
      nrf_connected: false,
      cmt_configured: true,
      cmt_connected: false,
      radio_problems: [
        'nRF24: radio hardware unavailable: koffi is not installed',
        'CMT2300A: radio hardware unavailable: koffi is not installed',
      ],
    });
  });

  it('hardware with no permission on a device: the words tell the owner what to do', async () => {
    const host = {
      openNrf: () => {
        throw new IoError('no permission on /dev/spidev0.0: add the user to the spi group', 'EACCES');
      },
      openCmt: () => {
        throw new IoError(
          '/dev/spidev1.0 does not exist: enable SPI1 (dtoverlay=spi1-2cs in config.txt, then reboot)',
        );
      },
    } as unknown as LinuxRadioHost;
    const env = await testGateway(
      { radio: 'hardware' },
      { clock: new ManualClock(NOON), radioHost: () => Promise.resolve(host) },
    );
    cleanup = env.cleanup;
    await writeFile(join(env.dataDir, 'pin_mapping.json'), await readFile(PROFILES));
    await env.gateway.ctx.config.update('device', (device) => ({ ...device, pinmapping: FCSB_ON_CE1 }));
    await env.gateway.ctx.plant.start();
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.nrf_connected).toBe(false);
    expect(body.cmt_connected).toBe(false);
    expect(body.radio_problems).toEqual([
      'nRF24: no permission on /dev/spidev0.0: add the user to the spi group',
      'CMT2300A: /dev/spidev1.0 does not exist: enable SPI1 (dtoverlay=spi1-2cs in config.txt, then reboot)',
    ]);
  });

  it('hardware with FCSB on a GPIO line (the SPI0 CE1 profile): the CMT2300A answers its check through the FIFO line wiring', async () => {
    const clock = new ManualClock(NOON);
    // Only the CMT2300A's devices exist on this fake host: /dev/spidev0.0 of the nRF24 is missing.
    const { host, model } = cmtModelHost(clock, () => null);
    const env = await testGateway(
      { radio: 'hardware' },
      { clock, radioHost: () => Promise.resolve(new LinuxRadioHost(host)) },
    );
    cleanup = env.cleanup;
    await writeFile(join(env.dataDir, 'pin_mapping.json'), await readFile(PROFILES));
    await env.gateway.ctx.config.update('device', (device) => ({ ...device, pinmapping: BOTH_CHIPS }));
    // The profile is read from disk (real I/O) before the chip's mode changes wait on the clock.
    await whileAdvancing(clock, env.gateway.ctx.plant.start());
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.cmt_connected).toBe(true);
    expect(body.nrf_connected).toBe(false);
    expect(body.radio_problems).toEqual([
      'nRF24: /dev/spidev0.0 does not exist: enable SPI (dtparam=spi=on in config.txt, then reboot)',
    ]);
    expect(model.errors).toEqual([]);
    await whileAdvancing(clock, env.gateway.ctx.plant.stop());
  });

  it('hardware with a profile that has no Linux keys: says which keys are missing', async () => {
    const env = await testGateway({ radio: 'hardware' }, { clock: new ManualClock(NOON) });
    cleanup = env.cleanup;
    await env.gateway.ctx.plant.start();
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.radio_mode).toBe('hardware');
    expect(body.nrf_connected).toBe(false);
    expect(body.radio_problems[0]).toMatch(/no Linux radio keys/);
  });
});

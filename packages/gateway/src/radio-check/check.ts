/**
 * `npm run radio-check`: the first contact with a freshly wired module (docs/hardware.md, First contact).
 * 1. the device profile's spidev and gpiochip, the kernel setting and the permissions (exit 2 if missing);
 *    without a profile, what needs none (SPI in config.txt, the nodes there are, the groups), then exit 2;
 * 2. each chip's identity (exit 1 if one does not answer) and its register dump;
 * 3. N seconds of listening, printing every frame heard;
 * 4. with `--serial`, a device-info request to that inverter through its driver (device-info.ts).
 * `--radio model` runs the same steps against the chip models (no host devices), so tests cover it.
 */
import type { Clock } from '@dtu-console/clock';
import { cmtCountry, formatAddress, parseFrame, toHex } from '@dtu-console/hoymiles';
import { Cmt2300aRadio } from '@dtu-console/radio/cmt2300a/driver/cmt2300a-radio';
import { fcsbTiming, fifoOnChipSelect, fifoOnGpio } from '@dtu-console/radio/cmt2300a/driver/fifo-port';
import { cmt2300aPorts } from '@dtu-console/radio/cmt2300a/model/cmt2300a-ports';
import type { GpioInput, SpiBus } from '@dtu-console/radio/io';
import type { LinuxRadioHost } from '@dtu-console/radio/linux/host';
import type { LinuxRadioWiring } from '@dtu-console/radio/linux/wiring';
import { createModelRadio } from '@dtu-console/radio/model/virtual-air';
import { Nrf24Radio } from '@dtu-console/radio/nrf24/driver/nrf24-radio';
import type { Radio, RadioRequest, RadioSettings } from '@dtu-console/radio/radio';
import { SeededRandom } from '@dtu-console/radio/simulated';
import { cmtIdentity, cmtRegisterDump, nrfIdentity, nrfRegisterDump } from './chip-identity';
import { askDeviceInfo, type DeviceInfoOutcome, notAnInverter, radioOfSerial } from './device-info';
import { checkHost, checkHostWithoutProfile, type HostProbe, markOf } from './host-setup';
import type { CheckSetup } from './setup';

export const ExitCode = { ok: 0, chipSilent: 1, hostSetup: 2 } as const;

const HOST_SETUP_MISSING = 'The host setup is missing something (exit 2).';

export interface RadioCheckOptions {
  mode: 'hardware' | 'model';
  /** Seconds to listen. */
  listenS: number;
  /** An inverter to ask for its device info. */
  serial?: string;
}

export interface RadioCheckDeps {
  clock: Clock;
  out: (line: string) => void;
  /** What the data directory says: the device profile's wiring and the DTU settings. */
  setup: CheckSetup;
  /** Hardware only. */
  probe?: HostProbe;
  host?: () => Promise<LinuxRadioHost>;
  /** Model only (tests): a CMT2300A missing from the bus. */
  cmtPresent?: boolean;
}

/** The drivers and the buses behind them, however they were opened. */
interface Chips {
  nrf?: { spi: SpiBus; driver: Nrf24Radio };
  cmt?: { bus: SpiBus; driver: Cmt2300aRadio };
  close(): void;
}

const noIrq: GpioInput = {
  offset: -1,
  get: () => true,
  onEdge: () => () => undefined,
  close: () => undefined,
};
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function runRadioCheck(options: RadioCheckOptions, deps: RadioCheckDeps): Promise<number> {
  const { out, setup } = deps;
  let exit: number = ExitCode.ok;
  /** What `--serial` got: the chips may be fine and the inverter still not reached. */
  let inverter: DeviceInfoOutcome = 'answered';
  const worse = (code: number) => {
    exit = Math.max(exit, code);
  };
  out(`dtu-console radio check (${options.mode === 'model' ? 'chip models, no real hardware' : 'hardware'})`);
  out(
    `DTU serial ${setup.settings.dtuSerial}, CMT ${mhz(setup.settings.cmtFrequencyHz)} (${cmtCountry(setup.settings.cmtCountry)?.key ?? '?'})`,
  );

  let chips: Chips;
  if (options.mode === 'model') {
    chips = modelChips(deps.clock, options.serial, deps.cmtPresent ?? true);
  } else {
    out('');
    out('Host');
    if (setup.wiring.kind !== 'ok') {
      // What needs no profile is checked all the same, so one run names everything the host lacks.
      for (const finding of checkHostWithoutProfile(deps.probe!)) out(`  ${markOf(finding)} ${finding.text}`);
      out(`  ✗ ${setup.wiring.reason}`);
      out('');
      out(HOST_SETUP_MISSING);
      return ExitCode.hostSetup;
    }
    out(`  device profile: ${setup.profile}`);
    const findings = checkHost(setup.wiring.wiring, deps.probe!);
    for (const finding of findings) out(`  ${markOf(finding)} ${finding.text}`);
    const missing = new Set(findings.filter((f) => !f.ok).map((f) => f.subject));
    if (missing.size > 0) worse(ExitCode.hostSetup);
    const opened = await openChips(setup.wiring.wiring, missing, deps);
    for (const line of opened.problems) out(`  ✗ ${line}`);
    if (opened.problems.length > 0) worse(ExitCode.hostSetup);
    chips = opened.chips;
  }

  try {
    out('');
    out('Chips');
    if (!chips.nrf && !chips.cmt) out('  no chip could be reached');
    const settings: RadioSettings = { ...setup.settings, nrfEnabled: !!chips.nrf, cmtEnabled: !!chips.cmt };
    let nrfOk = false;
    let cmtOk = false;
    if (chips.nrf) {
      const identity = safely(() => nrfIdentity(chips.nrf!.spi));
      out(`  ${identity.answers && identity.pvariant ? '✓' : '✗'} ${identity.text}`);
      nrfOk = identity.answers && identity.pvariant === true;
      if (!nrfOk) worse(ExitCode.chipSilent);
    }
    if (chips.cmt) {
      const identity = safely(() => cmtIdentity(chips.cmt!.bus));
      out(`  ${identity.answers ? '✓' : '✗'} ${identity.text}`);
      cmtOk = identity.answers;
      if (!cmtOk) worse(ExitCode.chipSilent);
    }
    chips.nrf?.driver.configure({ ...settings, nrfEnabled: nrfOk });
    chips.cmt?.driver.configure({ ...settings, cmtEnabled: cmtOk });
    await Promise.all([
      nrfOk ? chips.nrf?.driver.start() : undefined,
      cmtOk ? chips.cmt?.driver.start() : undefined,
    ]);
    // The registers as the driver set them up: what to attach to an issue.
    if (nrfOk) dump(out, 'nRF24 registers after set-up', () => nrfRegisterDump(chips.nrf!.spi));
    if (cmtOk) dump(out, 'CMT2300A registers after set-up', () => cmtRegisterDump(chips.cmt!.bus));

    if (options.listenS > 0 && (nrfOk || cmtOk)) {
      out('');
      out(`Listening for ${options.listenS} s`);
      const ms = options.listenS * 1000;
      const [nrfFrames, cmtFrames] = await Promise.all([
        nrfOk ? chips.nrf!.driver.listen(ms) : Promise.resolve([]),
        cmtOk ? chips.cmt!.driver.listen(ms) : Promise.resolve([]),
      ]);
      if (nrfOk) out(`  nRF24 (frames to this DTU only): ${nrfFrames.length === 0 ? 'none' : ''}`);
      for (const frame of nrfFrames) out(`    ${describeFrame(frame)}`);
      if (cmtOk)
        out(`  CMT2300A on ${mhz(settings.cmtFrequencyHz)}: ${cmtFrames.length === 0 ? 'none' : ''}`);
      for (const reception of cmtFrames)
        out(`    ${describeFrame(reception.frame)} | ${reception.rssiDbm} dBm`);
    }

    if (options.serial !== undefined) {
      out('');
      out(`Inverter ${options.serial}`);
      const radioKind = radioOfSerial(options.serial);
      const driver = radioKind === 'CMT' ? chips.cmt?.driver : chips.nrf?.driver;
      const driverOk = radioKind === 'CMT' ? cmtOk : nrfOk;
      if (!radioKind) {
        out(`  ✗ ${notAnInverter(options.serial)}`);
        inverter = 'silent';
      } else if (!driver || !driverOk) {
        out(`  ✗ its radio (${radioKind === 'CMT' ? 'CMT2300A' : 'nRF24'}) does not answer: nothing sent`);
        worse(ExitCode.chipSilent);
        inverter = 'silent';
      } else {
        inverter = await askDeviceInfo(options.serial, settings, driverRadio(driver), deps);
      }
    }
  } finally {
    await Promise.all([chips.nrf?.driver.stop(), chips.cmt?.driver.stop()]);
    chips.close();
  }
  out('');
  out(
    exit === ExitCode.ok
      ? inverter === 'silent'
        ? 'The host and the chips are fine; the inverter did not answer (see above).'
        : inverter === 'other-dtu'
          ? 'The host and the chips are fine; the inverter answers another DTU, not this one (see above).'
          : 'All well.'
      : exit === ExitCode.chipSilent
        ? 'A chip does not answer (exit 1).'
        : HOST_SETUP_MISSING,
  );
  return exit;
}

function safely(read: () => { answers: boolean; text: string; pvariant?: boolean }) {
  try {
    return read();
  } catch (error) {
    return { answers: false, text: message(error) };
  }
}

function dump(out: (line: string) => void, title: string, read: () => string[]): void {
  out(`  ${title}:`);
  try {
    for (const line of read()) out(`  ${line}`);
  } catch (error) {
    out(`    (could not be read: ${message(error)})`);
  }
}

function mhz(hz: number): string {
  return `${(hz / 1e6).toFixed(2)} MHz`;
}

/** A frame as a line: its bytes, and who sent it to whom when it parses. */
export function describeFrame(frame: Uint8Array): string {
  const parsed = parseFrame(frame);
  const bytes = toHex(frame);
  if (!parsed.ok) return `${bytes}  (${parsed.error.message})`;
  const f = parsed.value;
  return `${bytes}  (0x${f.command.toString(16).toUpperCase()} ${f.isResponse ? 'from' : 'to'} inverter ${formatAddress(f.inverterAddress)}, DTU ${formatAddress(f.dtuAddress)})`;
}

/** The chip models with the drivers on them, and the buses the check reads directly. */
function modelChips(clock: Clock, serial: string | undefined, cmtPresent: boolean): Chips {
  const model = createModelRadio({
    clock,
    random: new SeededRandom('radio-check'),
    location: () => ({ latitude: 51.1657, longitude: 10.4515 }),
    cloudiness: 0,
    faults: { weakSignal: false, packetLoss: 0, fragmentLoss: 0, corruption: 0 },
    cmtPresent,
  });
  if (serial !== undefined) model.setInverters([{ serial }]);
  const ports = cmt2300aPorts(model.cmtModel, clock);
  return {
    nrf: { spi: model.nrfModel.spi, driver: model.radio.nrf! },
    cmt: { bus: ports.csb, driver: model.radio.cmt! },
    close: () => undefined,
  };
}

/** Opens the profile's chips whose nodes are there; what fails (a line in use, …) is host setup. */
async function openChips(
  wiring: LinuxRadioWiring,
  missing: ReadonlySet<string>,
  deps: RadioCheckDeps,
): Promise<{ chips: Chips; problems: string[] }> {
  const problems: string[] = [];
  const closers: Array<() => void> = [];
  const chips: Chips = {
    close: () => {
      for (const close of closers.splice(0)) close();
    },
  };
  const nrfReachable = wiring.nrf && !missing.has(wiring.nrf.spidev) && !missing.has(wiring.nrf.gpiochip);
  const cmtNodes = wiring.cmt
    ? [
        wiring.cmt.spidev,
        wiring.cmt.gpiochip,
        'spidev' in wiring.cmt.fcsb ? wiring.cmt.fcsb.spidev : undefined,
      ]
    : [];
  const cmtReachable = wiring.cmt && !cmtNodes.some((node) => node !== undefined && missing.has(node));
  if (!nrfReachable && !cmtReachable) return { chips, problems };
  let host: LinuxRadioHost;
  try {
    host = await deps.host!();
  } catch (error) {
    return { chips, problems: [message(error)] };
  }
  const clock = deps.clock;
  if (wiring.nrf && nrfReachable) {
    try {
      const io = host.openNrf(wiring.nrf);
      closers.push(() => io.close());
      chips.nrf = {
        spi: io.spi,
        driver: new Nrf24Radio({ spi: io.spi, ce: io.ce, irq: io.irq ?? noIrq, clock }),
      };
    } catch (error) {
      problems.push(`nRF24: ${message(error)}`);
    }
  }
  if (wiring.cmt && cmtReachable) {
    try {
      const io = host.openCmt(wiring.cmt);
      closers.push(() => io.close());
      const fifo =
        io.fcsb.kind === 'spi'
          ? fifoOnChipSelect(io.fcsb.bus)
          : fifoOnGpio(io.fcsb.bus, io.fcsb.line, fcsbTiming(wiring.cmt.speedHz));
      chips.cmt = {
        bus: io.spi,
        driver: new Cmt2300aRadio({
          bus: io.spi,
          fifo,
          clock,
          ...(io.gpio2 ? { gpio2: io.gpio2 } : {}),
          ...(io.gpio3 ? { gpio3: io.gpio3 } : {}),
        }),
      };
    } catch (error) {
      problems.push(`CMT2300A: ${message(error)}`);
    }
  }
  return { chips, problems };
}

/** The chip driver of the inverter's radio as a `Radio` the device-info request goes through. */
function driverRadio(driver: Nrf24Radio | Cmt2300aRadio): Radio {
  return {
    name: 'radio-check',
    configure: () => undefined,
    status: () => ({
      nrf: { configured: false, connected: false, pvariant: false },
      cmt: { configured: false, connected: false },
    }),
    transmit: (request: RadioRequest) => driver.transmit(request),
    start: () => undefined,
    stop: () => undefined,
  };
}

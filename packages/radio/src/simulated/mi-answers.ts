/**
 * How a virtual MI (first-generation MI-300, MI-600, MI-1500) answers: one frame per live-data request,
 * two frames of info, one of grid profile, and the control answer followed by the status frame an MI
 * sends on its own when it is switched off or on. Answers carry the inverter id in bytes 1–8, as the
 * info answers of a real MI-600 do (docs/protocol.md, The MI series).
 */
import {
  decodeMiStatusFrame,
  encodeMiControlAnswer,
  encodeMiFrame,
  encodeMiLiveAnswer,
  encodeMiStatusFrame,
  LimitType,
  MiCommand,
  type MiControl,
  MiControlCode,
  miInputOfCommand,
  parseMiControl,
  parseMiRequest,
  RESPONSE_FLAG,
  type RunDataState,
} from '@dtu-console/hoymiles';

/** What the MI answers are made of. */
export interface MiAnswerSource {
  address: number;
  reading(): RunDataState;
  on(): boolean;
  hwPartNumber: number;
  /** Firmware version word and build date the info answer reports. */
  firmware: { version: number; year: number; monthDay: number; hourMinute: number; bootloader: number };
}

/** The grid profile a virtual MI reports (code and version; what they name is not documented). */
export const SIMULATED_MI_GRID_PROFILE = { code: 10, version: 3 } as const;

/** Status state and code of "switched off by a remote command" (alarm code 8310). */
const OFF_STATUS = { state: 8, code: 31 } as const;
const PRODUCING = { state: 3, code: 0 } as const;

export type MiFrameAction =
  | { kind: 'request'; command: number }
  | { kind: 'control'; control: MiControl }
  | { kind: 'none' };

/** What an MI makes of a frame addressed to it. */
export function readMiFrame(frame: Uint8Array, address: number): MiFrameAction {
  const request = parseMiRequest(frame, { inverter: address });
  if (request.ok) return { kind: 'request', command: request.value.command };
  const control = parseMiControl(frame, { inverter: address });
  if (control.ok) return { kind: 'control', control: control.value };
  return { kind: 'none' };
}

/** The answer frames to a request. */
export function miAnswer(command: number, source: MiAnswerSource): Uint8Array[] {
  const input = miInputOfCommand(command);
  if (input !== undefined) {
    const state = source.reading();
    const dc = state.dc[input] ?? { voltage: 0, current: 0, power: 0, yieldDay: 0, yieldTotal: 0 };
    return [
      encodeMiLiveAnswer({
        inverter: source.address,
        dtu: source.address,
        command,
        state: {
          dcVoltage: dc.voltage,
          dcCurrent: dc.current,
          acVoltage: state.ac.voltage,
          frequency: state.ac.frequency,
          dcPower: dc.power,
          yieldDay: dc.yieldDay,
          temperature: state.temperature,
          status: source.on() ? PRODUCING : OFF_STATUS,
        },
      }),
    ];
  }
  if (command === MiCommand.Info) return infoFrames(source);
  if (command === MiCommand.GridProfile) {
    const { code, version } = SIMULATED_MI_GRID_PROFILE;
    return [
      encodeMiFrame(
        MiCommand.GridProfile | RESPONSE_FLAG,
        source.address,
        source.address,
        Uint8Array.from([0, code >> 8, code & 0xff, version >> 8, version & 0xff]),
      ),
    ];
  }
  return [];
}

function u16(value: number): number[] {
  return [(value >> 8) & 0xff, value & 0xff];
}

function infoFrames(source: MiAnswerSource): Uint8Array[] {
  const fw = source.firmware;
  const part = source.hwPartNumber >>> 0;
  const first = Uint8Array.from([
    0,
    ...u16(0),
    ...u16(fw.version),
    ...u16(fw.year),
    ...u16(fw.monthDay),
    ...u16(fw.hourMinute),
    ...u16(fw.bootloader),
    ...u16(1),
    ...u16(0x7041),
  ]);
  const second = Uint8Array.from([
    1,
    ...u16(part >>> 16),
    ...u16(part & 0xffff),
    ...new Array<number>(12).fill(0),
  ]);
  return [first, second].map((data) =>
    encodeMiFrame(MiCommand.Info | RESPONSE_FLAG, source.address, source.address, data),
  );
}

/** The control answer and, when the switch changed, the status frame of input 1. */
export function miControlAnswer(
  control: MiControl,
  address: number,
  changedTo: boolean | undefined,
): Uint8Array[] {
  const code =
    control.kind === 'on'
      ? MiControlCode.On
      : control.kind === 'off'
        ? MiControlCode.Off
        : MiControlCode.Limit;
  const frames = [encodeMiControlAnswer(address, code)];
  if (changedTo !== undefined) {
    const status = changedTo ? PRODUCING : OFF_STATUS;
    const frame = encodeMiStatusFrame(address, 0, status.state, status.code);
    if (decodeMiStatusFrame(frame).ok) frames.push(frame);
  }
  return frames;
}

/** The limit command the power-limit model applies for an MI limit frame (temporary, in W). */
export function miLimitCommand(control: Extract<MiControl, { kind: 'limit' }>) {
  const watts = control.tenthsOfW / 10;
  return {
    kind: 'limit' as const,
    limitType: LimitType.AbsoluteNonPersistent,
    limit: watts,
    wireValue: control.tenthsOfW,
    typeWord: 0,
    encoding: undefined,
  };
}

/**
 * The MI series' frames in a capture (docs/replay.md, "MI captures"; docs/protocol.md, "The MI series"):
 * 11-byte requests `[cmd][inverter id][DTU id][cmd or 00][CRC8]`, the control request `51` with its code
 * in bytes 9..10, and single-frame answers with byte 0 = cmd | 0x80. Neither carries a CRC16, and answers are not fragments: they are checked by CRC8 only and
 * matched to requests by address and command. The command bytes tell an MI frame from an HM/HMS one.
 */
import {
  MI_REQUEST_LENGTH,
  MI_STATUS_COMMANDS,
  MiCommand,
  MiControlCode,
  miInputOfCommand,
} from '@dtu-console/hoymiles';

const RESPONSE_FLAG = 0x80;
/** Bytes 9..10 of an MI control request (HM's device control, also `51`, has `81` in byte 9). */
const CONTROL_CODES: readonly number[] = [MiControlCode.On, MiControlCode.Off, MiControlCode.Limit];
const CONTROL_KEY = 'mi:51:';

/** A request command an MI answers with data (live inputs, info, grid profile). */
function isMiDataCommand(command: number): boolean {
  return (
    miInputOfCommand(command) !== undefined || command === MiCommand.Info || command === MiCommand.GridProfile
  );
}

function key(command: number): string {
  return `mi:${command.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** The request key of an MI request (`mi:09`, `mi:0F`, …), or undefined for any other frame. */
export function miRequestKey(frame: Uint8Array): string | undefined {
  const command = frame[0] ?? 0;
  if (command === MiCommand.Control && frame.length >= 12) {
    const code = ((frame[9] ?? 0) << 8) | (frame[10] ?? 0);
    // On, off or limit (whatever value a limit asks, as with HM's control requests).
    if (!CONTROL_CODES.includes(code)) return undefined;
    return `${CONTROL_KEY}${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  if (frame.length !== MI_REQUEST_LENGTH || (command & RESPONSE_FLAG) !== 0) return undefined;
  if (!isMiDataCommand(command)) return undefined;
  const byte9 = frame[9] ?? 0;
  // This gateway repeats the command in byte 9; the vendor's DTU sends 0x00 there.
  return byte9 === command || byte9 === 0 ? key(command) : undefined;
}

/** What an MI answer frame is: the answer to a request key, a status frame, or not an MI answer. */
export type MiAnswerKind = { kind: 'answer'; key: string } | { kind: 'status' } | undefined;

/**
 * `openKey` is what the inverter's open exchange asks: a control answer (`D1`, as HM's) is an MI's only
 * after an MI control request.
 */
export function miAnswerKind(frame: Uint8Array, openKey?: string): MiAnswerKind {
  const command = frame[0] ?? 0;
  if (command === (MiCommand.Control | RESPONSE_FLAG)) {
    return openKey?.startsWith(CONTROL_KEY) ? { kind: 'answer', key: openKey } : undefined;
  }
  if (MI_STATUS_COMMANDS.includes(command)) return { kind: 'status' };
  if ((command & RESPONSE_FLAG) === 0) return undefined;
  const request = command & ~RESPONSE_FLAG;
  return isMiDataCommand(request) ? { kind: 'answer', key: key(request) } : undefined;
}

/** The info answer comes in two frames (byte 9 = 0 and 1); every other MI answer is one frame. */
export function isMiMultiFrameKey(requestKey: string): boolean {
  return requestKey === key(MiCommand.Info);
}

export function isMiKey(requestKey: string): boolean {
  return requestKey.startsWith('mi:');
}

/**
 * JK BMS frames on its UART ("GPS") port or RS485 (115200 8N1). A frame is: start `4E 57`; a 16-bit
 * length counting every byte after the start (itself and the checksum included); a 32-bit terminal
 * number; command (0x06 = read all data); source (3 = host, 0 = BMS); transport type (0 request,
 * 1 answer, 2 report); the data; a 32-bit record number; end mark `0x68`; a 32-bit checksum whose
 * lower 16 bits are the sum (modulo 65536) of all bytes from the start through the end mark (its
 * upper 16 bits, 0 in every published frame, are not checked). All numbers are big-endian. The
 * data is a run of identifiers, each followed by a value of a length fixed per identifier
 * (IDENTIFIERS), except the cell voltages (0x79), whose value starts with its own length. A frame
 * that is cut short, too long, not closed where its length says, whose sum is wrong, or that holds
 * an identifier of unknown length is refused with the reason; nothing here throws on any input.
 */

const START = [0x4e, 0x57] as const;
/** The end mark, 5 bytes before the end of every frame. */
export const END_MARK = 0x68;
const COMMAND_READ_ALL = 0x06;
const SOURCE_HOST = 0x03;
const TYPE_REQUEST = 0x00;
/** Start (2), length (2), terminal number (4), command, source, transport type: then the data. */
const DATA_OFFSET = 11;
/** Record number (4), end mark (1), checksum (4): after the data. */
const TRAILER_BYTES = 9;
/** The length field of a frame with no data at all. */
export const MIN_FRAME_LENGTH = DATA_OFFSET + TRAILER_BYTES - 2;
/** Longest length field accepted: a 32-cell answer is about 340 bytes. */
export const MAX_FRAME_LENGTH = 1024;

/** Value length in bytes of each data identifier, and what it holds (unit where it has one). */
export const IDENTIFIERS: ReadonlyMap<number, { bytes: number; what: string }> = new Map([
  [0x80, { bytes: 2, what: 'MOSFET (power tube) temperature, °C' }],
  [0x81, { bytes: 2, what: 'battery temperature sensor 1 (box), °C' }],
  [0x82, { bytes: 2, what: 'battery temperature sensor 2, °C' }],
  [0x83, { bytes: 2, what: 'total voltage, 10 mV' }],
  [0x84, { bytes: 2, what: 'current, 10 mA (encoding per protocol version 0xC0)' }],
  [0x85, { bytes: 1, what: 'state of charge, %' }],
  [0x86, { bytes: 1, what: 'number of battery temperature sensors' }],
  [0x87, { bytes: 2, what: 'cycle count' }],
  [0x89, { bytes: 4, what: 'total cycle capacity, Ah' }],
  [0x8a, { bytes: 2, what: 'number of cells' }],
  [0x8b, { bytes: 2, what: 'alarm bits' }],
  [0x8c, { bytes: 2, what: 'status bits' }],
  [0x8e, { bytes: 2, what: 'total overvoltage protection, 10 mV' }],
  [0x8f, { bytes: 2, what: 'total undervoltage protection, 10 mV' }],
  [0x90, { bytes: 2, what: 'cell overvoltage protection, mV' }],
  [0x91, { bytes: 2, what: 'cell overvoltage recovery, mV' }],
  [0x92, { bytes: 2, what: 'cell overvoltage protection delay, s' }],
  [0x93, { bytes: 2, what: 'cell undervoltage protection, mV' }],
  [0x94, { bytes: 2, what: 'cell undervoltage recovery, mV' }],
  [0x95, { bytes: 2, what: 'cell undervoltage protection delay, s' }],
  [0x96, { bytes: 2, what: 'cell voltage difference protection, mV' }],
  [0x97, { bytes: 2, what: 'discharge overcurrent protection, A' }],
  [0x98, { bytes: 2, what: 'discharge overcurrent delay, s' }],
  [0x99, { bytes: 2, what: 'charge overcurrent protection, A' }],
  [0x9a, { bytes: 2, what: 'charge overcurrent delay, s' }],
  [0x9b, { bytes: 2, what: 'balancing start voltage, mV' }],
  [0x9c, { bytes: 2, what: 'balancing voltage difference, mV' }],
  [0x9d, { bytes: 1, what: 'active balancing switch' }],
  [0x9e, { bytes: 2, what: 'MOSFET temperature protection, °C' }],
  [0x9f, { bytes: 2, what: 'MOSFET temperature recovery, °C' }],
  [0xa0, { bytes: 2, what: 'box temperature protection, °C' }],
  [0xa1, { bytes: 2, what: 'box temperature recovery, °C' }],
  [0xa2, { bytes: 2, what: 'battery temperature difference protection, °C' }],
  [0xa3, { bytes: 2, what: 'charge high temperature protection, °C' }],
  [0xa4, { bytes: 2, what: 'discharge high temperature protection, °C' }],
  [0xa5, { bytes: 2, what: 'charge low temperature protection, °C (signed)' }],
  [0xa6, { bytes: 2, what: 'charge low temperature recovery, °C (signed)' }],
  [0xa7, { bytes: 2, what: 'discharge low temperature protection, °C (signed)' }],
  [0xa8, { bytes: 2, what: 'discharge low temperature recovery, °C (signed)' }],
  [0xa9, { bytes: 1, what: 'cell count setting' }],
  [0xaa, { bytes: 4, what: 'capacity setting, Ah' }],
  [0xab, { bytes: 1, what: 'charge MOSFET switch (setting)' }],
  [0xac, { bytes: 1, what: 'discharge MOSFET switch (setting)' }],
  [0xad, { bytes: 2, what: 'current calibration, mA' }],
  [0xae, { bytes: 1, what: 'board address' }],
  [0xaf, { bytes: 1, what: 'battery type (0 LFP, 1 ternary, 2 LTO)' }],
  [0xb0, { bytes: 2, what: 'sleep wait time, s' }],
  [0xb1, { bytes: 1, what: 'low capacity alarm threshold, %' }],
  [0xb2, { bytes: 10, what: 'parameter password (text)' }],
  [0xb3, { bytes: 1, what: 'dedicated charger switch' }],
  [0xb4, { bytes: 8, what: 'device id (text)' }],
  [0xb5, { bytes: 4, what: 'date of manufacture (text, YYMM)' }],
  [0xb6, { bytes: 4, what: 'working time, min' }],
  [0xb7, { bytes: 15, what: 'software version (text)' }],
  [0xb8, { bytes: 1, what: 'current calibration running' }],
  [0xb9, { bytes: 4, what: 'actual capacity, Ah' }],
  [0xba, { bytes: 24, what: 'manufacturer id (text)' }],
  [0xbb, { bytes: 1, what: 'restart (write only)' }],
  [0xbc, { bytes: 1, what: 'factory reset (write only)' }],
  [0xbd, { bytes: 1, what: 'remote upgrade (write only)' }],
  [0xbe, { bytes: 2, what: 'low voltage GPS power off, mV' }],
  [0xbf, { bytes: 2, what: 'low voltage GPS power on, mV' }],
  [0xc0, { bytes: 1, what: 'protocol version' }],
]);
/** The cell voltages: a length byte, then per cell its number and its voltage in mV (3 bytes). */
const CELLS = 0x79;

/** The alarm bits (0x8B), bit 0 first. Bit 0 is the low-capacity reminder: a warning, not an alarm. */
export const JK_ALARM_BITS = [
  'low_soc',
  'bms_overtemperature',
  'charge_overvoltage',
  'discharge_undervoltage',
  'battery_overtemperature',
  'charge_overcurrent',
  'discharge_overcurrent',
  'cell_voltage_difference',
  'box_overtemperature',
  'battery_undertemperature',
  'cell_overvoltage',
  'cell_undervoltage',
  'protection_309_a',
  'protection_309_b',
] as const;

/** The status bits (0x8C). */
const STATUS_CHARGE_MOSFET_ON = 1 << 0;
const STATUS_DISCHARGE_MOSFET_ON = 1 << 1;
const STATUS_BALANCING = 1 << 2;

export interface JkBmsAnswer {
  /** Cell voltages in the order sent, mV. */
  cellsMv: number[];
  mosfetTemperatureC?: number;
  sensor1TemperatureC?: number;
  sensor2TemperatureC?: number;
  voltageV?: number;
  /** Positive while charging, negative while discharging. */
  currentA?: number;
  socPercent?: number;
  alarmBits?: number;
  /** MOSFETs on now (status bits 0 and 1), and balancing (bit 2). */
  chargeMosfetOn?: boolean;
  dischargeMosfetOn?: boolean;
  balancing?: boolean;
  /** The user's switches for the MOSFETs (0xAB, 0xAC). */
  chargeSwitch?: boolean;
  dischargeSwitch?: boolean;
  /** Over-current protection values (0x99, 0x97), A. */
  chargeOvercurrentA?: number;
  dischargeOvercurrentA?: number;
  protocolVersion?: number;
}

export interface JkBmsRefusal {
  refused: string;
}

function sum16(bytes: Uint8Array, end: number): number {
  let sum = 0;
  for (let i = 0; i < end; i++) sum += bytes[i] ?? 0;
  return sum & 0xffff;
}

function u16(bytes: Uint8Array, i: number): number {
  return ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
}

/** The request to read all data: from the host (3), a request (0), its data one zero byte ("all"). */
export function readAllRequest(): Uint8Array {
  const data = [0x00];
  const frame = new Uint8Array(DATA_OFFSET + data.length + TRAILER_BYTES);
  frame.set(START, 0);
  const length = frame.length - 2;
  frame[2] = length >> 8;
  frame[3] = length & 0xff;
  // Terminal number (4 bytes) and record number (4 bytes) stay 0.
  frame[8] = COMMAND_READ_ALL;
  frame[9] = SOURCE_HOST;
  frame[10] = TYPE_REQUEST;
  frame.set(data, DATA_OFFSET);
  frame[frame.length - 5] = END_MARK;
  const sum = sum16(frame, frame.length - 4);
  frame[frame.length - 2] = sum >> 8;
  frame[frame.length - 1] = sum & 0xff;
  return frame;
}

/** Whether `bytes` start with the frame start `4E 57`. */
export function startsFrame(bytes: Uint8Array, at = 0): boolean {
  return bytes[at] === START[0] && bytes[at + 1] === START[1];
}

/** A frame that is a request (transport type 0), such as our own request echoed by an RS485 adapter. */
export function isRequest(frame: Uint8Array): boolean {
  return frame.length > DATA_OFFSET && frame[10] === TYPE_REQUEST;
}

/** The JK temperature encoding: 0–100 is °C, above 100 is below zero (101 = −1 °C). */
export function decodeTemperature(raw: number): number {
  return raw > 100 ? -(raw - 100) : raw;
}

/**
 * The current (0x84) in A. Protocol version 1 (0xC0 = 1): 10 mA steps, the top bit set while
 * charging. Version 0: 10 mA steps around an offset of 10000 (below it charging, above it discharging).
 */
export function decodeCurrent(raw: number, protocolVersion: number): number {
  const centiAmps = protocolVersion >= 1 ? (raw & 0x8000 ? 1 : -1) * (raw & 0x7fff) : 10000 - raw;
  return centiAmps === 0 ? 0 : centiAmps / 100;
}

/** Splits the data into identifier → value bytes; a refusal when it does not walk to its end exactly. */
function walk(
  frame: Uint8Array,
  start: number,
  end: number,
): { values: Map<number, Uint8Array>; cellsMv: number[] } | JkBmsRefusal {
  const values = new Map<number, Uint8Array>();
  const cellsMv: number[] = [];
  let i = start;
  while (i < end) {
    const id = frame[i] ?? 0;
    if (id === CELLS) {
      const n = frame[i + 1] ?? 0;
      if (n % 3 !== 0 || i + 2 + n > end) return { refused: `cell voltages of ${n} bytes do not fit` };
      for (let c = i + 2; c < i + 2 + n; c += 3) cellsMv.push(u16(frame, c + 1));
      i += 2 + n;
      continue;
    }
    const known = IDENTIFIERS.get(id);
    if (!known) return { refused: `unknown data identifier 0x${id.toString(16).padStart(2, '0')}` };
    if (i + 1 + known.bytes > end) return { refused: 'wrong length: the data runs past its end' };
    values.set(id, frame.subarray(i + 1, i + 1 + known.bytes));
    i += 1 + known.bytes;
  }
  return { values, cellsMv };
}

/** The start, length, end mark and checksum of one frame; a refusal naming the first that is wrong. */
export function checkFrame(frame: Uint8Array): JkBmsRefusal | undefined {
  if (frame.length < 4 || !startsFrame(frame)) return { refused: 'no frame start (4E 57)' };
  const length = u16(frame, 2);
  if (length < MIN_FRAME_LENGTH || length > MAX_FRAME_LENGTH)
    return { refused: `wrong length: ${length} is not a frame length` };
  if (frame.length !== length + 2)
    return { refused: `wrong length: ${frame.length} bytes where the length says ${length + 2}` };
  if (frame[frame.length - 5] !== END_MARK) return { refused: 'wrong length: no end mark where it says' };
  const sum = sum16(frame, frame.length - 4);
  const sent = u16(frame, frame.length - 2);
  if (sum !== sent)
    return { refused: `bad checksum: sent ${sent.toString(16)}, bytes add up to ${sum.toString(16)}` };
  return undefined;
}

/** Decodes one whole answer to "read all data"; a refusal with the reason when it is not one. */
export function decodeAnswer(frame: Uint8Array): JkBmsAnswer | JkBmsRefusal {
  const bad = checkFrame(frame);
  if (bad) return bad;
  if (frame[8] !== COMMAND_READ_ALL) return { refused: `not an answer to read all (command ${frame[8]})` };
  if (isRequest(frame)) return { refused: 'a request, not an answer' };
  const walked = walk(frame, DATA_OFFSET, frame.length - TRAILER_BYTES);
  if ('refused' in walked) return walked;
  const { values, cellsMv } = walked;
  const word = (id: number) => {
    const v = values.get(id);
    return v ? u16(v, 0) : undefined;
  };
  const byte = (id: number) => values.get(id)?.[0];
  const temperature = (id: number) => {
    const raw = word(id);
    return raw === undefined ? undefined : decodeTemperature(raw);
  };
  const protocolVersion = byte(0xc0);
  const rawCurrent = word(0x84);
  const rawVoltage = word(0x83);
  const status = word(0x8c);
  const switchOf = (id: number) => {
    const v = byte(id);
    return v === undefined ? undefined : v !== 0;
  };
  const bitOf = (mask: number) => (status === undefined ? undefined : (status & mask) !== 0);
  return {
    cellsMv,
    mosfetTemperatureC: temperature(0x80),
    sensor1TemperatureC: temperature(0x81),
    sensor2TemperatureC: temperature(0x82),
    voltageV: rawVoltage === undefined ? undefined : rawVoltage / 100,
    currentA: rawCurrent === undefined ? undefined : decodeCurrent(rawCurrent, protocolVersion ?? 0),
    socPercent: byte(0x85),
    alarmBits: word(0x8b),
    chargeMosfetOn: bitOf(STATUS_CHARGE_MOSFET_ON),
    dischargeMosfetOn: bitOf(STATUS_DISCHARGE_MOSFET_ON),
    balancing: bitOf(STATUS_BALANCING),
    chargeSwitch: switchOf(0xab),
    dischargeSwitch: switchOf(0xac),
    chargeOvercurrentA: word(0x99),
    dischargeOvercurrentA: word(0x97),
    protocolVersion,
  };
}

/** The alarm bits as keys: bit 0 (low capacity) a warning, the others alarms; reserved bits ignored. */
export function alarmKeys(bits: number): { alarms: string[]; warnings: string[] } {
  const alarms: string[] = [];
  const warnings: string[] = [];
  JK_ALARM_BITS.forEach((key, bit) => {
    if ((bits >> bit) & 1) (bit === 0 ? warnings : alarms).push(key);
  });
  return { alarms, warnings };
}

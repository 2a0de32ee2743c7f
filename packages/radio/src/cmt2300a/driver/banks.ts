/**
 * The CMT2300A configuration the Hoymiles HMS/HMT inverters speak: GFSK at 20 kbps with 20 kHz deviation,
 * a 4-byte sync word, variable-length packets with the length byte first, CRC-16 (IBM) and FEC. One set
 * of banks per band (860 MHz for Europe, 900 MHz for the Americas); only the frequency bank and one
 * demodulator byte differ between them. docs/radio-cmt2300a.md describes every group in words.
 *
 * Where a group is a vendor-tool export (analog trims, demodulator and AGC settings, PA ramp), its values
 * are the settings the Hoymiles-compatible DTUs in the field use; what each group does, and the bytes we
 * could decode (frequency words, packet format, sync word, PA code), are checked in
 * test/radio/cmt2300a/banks.test.ts.
 */
import { Bank } from './registers';

export type BandId = '860' | '900';

/** The sync word the inverters use: "MHZH" in ASCII, sent highest byte first. */
export const HOYMILES_SYNC_WORD = Uint8Array.of(0x4d, 0x48, 0x5a, 0x48);
/** Air data rate of the HMS/HMT link. */
export const HOYMILES_DATA_RATE_KBPS = 20;
/** Preamble bytes (0xAA) sent before the sync word. */
export const TX_PREAMBLE_BYTES = 30;
/** The longest frame sent or accepted: the packet-length setting of the baseband bank (PKT15 = 32 − 1). */
export const MAX_PAYLOAD_BYTES = 32;

/** The CMT bank: analog trims of the RF front end and the crystal amplitude (vendor-tool export). */
const CMT_BANK = Uint8Array.of(
  // 0x00..0x02: vendor calibration (0x01 is named "product id"; what it selects is not public).
  0x00,
  0x66,
  0xec,
  // 0x03 (CMT4): PA trims; bit 0 = "double power" (set by the PA table above 16 dBm, clear here).
  0x1c,
  // 0x04 (CMT5): limiter code 01 in bits 7..6, the rest vendor calibration; 0x05..0x07: vendor calibration.
  0x70,
  0x80,
  0x14,
  0x08,
  // 0x08 (CMT9): RSSI offset sign + (bit 7 = 0), digital clock divider 17 (bits 4..0).
  0x11,
  // 0x09, 0x0A (CMT10, CMT11): vendor calibration with no public meaning (docs/radio-cmt2300a.md).
  0x02,
  0x02,
  // 0x0B: RSSI offset 0 and slope 0: RSSI_DBM needs no correction.
  0x00,
);

/** The system bank: receiver bias, timers, exit states, RSSI detection. */
const SYSTEM_BANK = Uint8Array.of(
  // SYS1: limiter reference 2, mixer bias 2, LNA mode 3, LNA bias 2 ("high performance" receive).
  0xae,
  // SYS2: low-frequency oscillator calibrations on; sleep timer, RX timer and duty cycling off.
  0xe0,
  // SYS3: crystal settle time code 3 (155 µs); TX exit state = STBY (01); RX exit state = STBY (01).
  0x35,
  // SYS4..SYS9: sleep and RX timer values, unused because the timers are off.
  0x00,
  0x00,
  0xf4,
  0x10,
  0xe2,
  0x42,
  // SYS10: bit 5 = RX auto-exit disabled: the chip stays in RX after a packet, so several fragments
  // arrive in one listen; collision detection and output mute off.
  0x20,
  // SYS11: RSSI latched at PREAMBLE_OK (bits 4..3 = 01), averaged over 32 taps (bits 2..0 = 100).
  0x0c,
  // SYS12: phase-jump detector window 8 jumps (bits 7..6 = 10); clock output off.
  0x81,
);

/**
 * Frequency banks: RX synthesizer N, K (20 bits, low byte first), then the same for TX.
 * f = 26 MHz × (N + K / 2^20) / 2. TX: 860 band N=66 K=0x27627 → exactly 860.000 MHz; 900 band N=69
 * K=0x3B13B → 900.000 MHz. RX words sit 22795 K-steps (≈ 282.6 kHz, the low intermediate frequency) above
 * the carrier. RF4/RF8 high nibbles: PA regulator select and VCO bank for the band.
 */
const FREQUENCY_BANK: Record<BandId, Uint8Array> = {
  '860': Uint8Array.of(0x42, 0x32, 0xcf, 0x82, 0x42, 0x27, 0x76, 0x12),
  '900': Uint8Array.of(0x45, 0x46, 0x0a, 0x84, 0x45, 0x3b, 0xb1, 0x13),
};

/**
 * The data-rate bank (vendor-tool export for 20 kbps GFSK, 20 kHz deviation, BT 0.5, auto bandwidth,
 * counting clock recovery, AFC and AGC on). Groups: 0x20..0x23 symbol-rate divider; 0x24..0x2A FSK
 * demodulator (deviation and channel filter; 0x27 is scaled to the band's synthesizer step: 0x0A at
 * 860 MHz, 0x0B at 900 MHz); 0x2B..0x2E clock-and-data recovery; 0x2F..0x32 AGC; 0x33..0x37 OOK
 * (unused for FSK, left at the export's values).
 */
const DATA_RATE_BANK = (fsk4: number): Uint8Array =>
  Uint8Array.of(
    0xa6,
    0xc9,
    0x20,
    0x20,
    0xd2,
    0x35,
    0x0c,
    fsk4,
    0x9f,
    0x4b,
    0x29,
    0x29,
    0xc0,
    0x14,
    0x05,
    0x53,
    0x10,
    0x00,
    0xb4,
    0x00,
    0x00,
    0x01,
    0x00,
    0x00,
  );

/** The baseband bank: the packet format. */
const BASEBAND_BANK = Uint8Array.of(
  // PKT1: RX preamble 2 units (bits 7..3), unit = 8 bits (bit 2 = 0), packet mode (bits 1..0 = 10).
  0x12,
  // PKT2/PKT3: TX preamble length 30 units; PKT4: preamble byte 0xAA.
  TX_PREAMBLE_BYTES,
  0x00,
  0xaa,
  // PKT5: no sync tolerance, sync size 4 bytes (bits 3..1 = 3), no Manchester on the sync.
  0x06,
  // PKT6..PKT9: unused low sync bytes; PKT10..PKT13: the sync word, lowest register = last byte on air.
  0x00,
  0x00,
  0x00,
  0x00,
  HOYMILES_SYNC_WORD[3]!,
  HOYMILES_SYNC_WORD[2]!,
  HOYMILES_SYNC_WORD[1]!,
  HOYMILES_SYNC_WORD[0]!,
  // PKT14: variable length (bit 0), node before length (bit 2 = 0; no node here), MSB first, no auto-ack.
  0x01,
  // PKT15: packet length setting 32 − 1 (variable-length TX overwrites it with each frame's length).
  MAX_PAYLOAD_BYTES - 1,
  // PKT16..PKT20: node id off (PKT17 doubles as the presence-check scratch register).
  0x00,
  0x00,
  0x00,
  0x00,
  0x00,
  // PKT21: FEC on with polynomial x³+x²+1 (bits 7..6 = 11), CRC over the whole payload, IBM-16 (bits 2..1
  // = 01), CRC on (bit 0).
  0xc3,
  // PKT22/PKT23: CRC seed 0.
  0x00,
  0x00,
  // PKT24: CRC MSB first; whitening off (the seed bits 6..5 and PKT25 = 0xFF are unused defaults).
  0x60,
  0xff,
  // PKT26: TX prefix 0; PKT27: one packet per TX (0 = 1); PKT28: packet gap 32 − 1.
  0x00,
  0x00,
  0x1f,
  // PKT29: FIFO threshold 16 bytes, no automatic FIFO restore.
  0x10,
);

/**
 * The TX bank: 0x55..0x5B modulation shaping (Gaussian filter and deviation words of the export);
 * TX8/TX9 the PA code (overwritten from the PA table); TX10 PA ramp; LBD threshold 2.4 V.
 */
const TX_BANK = Uint8Array.of(0x70, 0x4d, 0x06, 0x00, 0x07, 0x50, 0x00, 0x53, 0x09, 0x3f, 0x7f);

export interface BankWrite {
  name: keyof typeof Bank;
  address: number;
  values: Uint8Array;
}

/** The six banks of a band, in the order the driver writes them. */
export function banksFor(band: BandId): BankWrite[] {
  const values: Record<keyof typeof Bank, Uint8Array> = {
    cmt: CMT_BANK,
    system: SYSTEM_BANK,
    frequency: FREQUENCY_BANK[band],
    dataRate: DATA_RATE_BANK(band === '860' ? 0x0a : 0x0b),
    baseband: BASEBAND_BANK,
    tx: TX_BANK,
  };
  return (Object.keys(Bank) as (keyof typeof Bank)[]).map((name) => {
    const v = values[name];
    if (v.length !== Bank[name].size) throw new Error(`CMT2300A ${name} bank has ${v.length} bytes`);
    return { name, address: Bank[name].address, values: v };
  });
}

/** The band of a country's base frequency (860 MHz Europe, 900 MHz Americas). */
export function bandOfBase(baseFrequencyHz: number): BandId | undefined {
  if (baseFrequencyHz === 860_000_000) return '860';
  if (baseFrequencyHz === 900_000_000) return '900';
  return undefined;
}

/**
 * PA codes per dBm for the 20 dBm matching network, as [TX8, TX9]: TX8 sets the PA output current, TX9
 * its bias/ramp step; both grow with the power. Above 16 dBm the PA runs doubled (CMT4 bit 0) with lower
 * codes. Values from the vendor tool's power table for this matching network.
 */
const PA_CODES: Readonly<Record<number, readonly [number, number]>> = {
  [-10]: [0x05, 0x01],
  [-9]: [0x06, 0x01],
  [-8]: [0x07, 0x01],
  [-7]: [0x08, 0x01],
  [-6]: [0x09, 0x01],
  [-5]: [0x0a, 0x01],
  [-4]: [0x0b, 0x01],
  [-3]: [0x0c, 0x01],
  [-2]: [0x0d, 0x01],
  [-1]: [0x0e, 0x01],
  0: [0x10, 0x02],
  1: [0x13, 0x02],
  2: [0x16, 0x02],
  3: [0x19, 0x02],
  4: [0x1c, 0x02],
  5: [0x1f, 0x03],
  6: [0x24, 0x03],
  7: [0x28, 0x04],
  8: [0x2d, 0x04],
  9: [0x33, 0x05],
  10: [0x39, 0x06],
  11: [0x41, 0x07],
  12: [0x49, 0x08],
  13: [0x53, 0x09],
  14: [0x5e, 0x0b],
  15: [0x6c, 0x0c],
  16: [0x7d, 0x0c],
  17: [0x4a, 0x0c],
  18: [0x58, 0x0f],
  19: [0x6b, 0x12],
  20: [0x8a, 0x18],
};
export const PA_DOUBLE_ABOVE_DBM = 16;
export const CMT4_PA_DOUBLE = 0x01;

/** PA register values for a level (clamped to −10..20 dBm by the caller's settings bounds). */
export function paCodes(dbm: number): { tx8: number; tx9: number; cmt4: number } {
  const codes = PA_CODES[Math.round(dbm)];
  if (!codes) throw new RangeError(`CMT2300A PA level ${dbm} dBm is outside −10..20`);
  const cmt4 = dbm > PA_DOUBLE_ABOVE_DBM ? CMT_BANK[3]! | CMT4_PA_DOUBLE : CMT_BANK[3]! & ~CMT4_PA_DOUBLE;
  return { tx8: codes[0], tx9: codes[1], cmt4 };
}

/**
 * What the CMT2300A model reads out of its registers to decide what goes on the air: the carrier
 * frequency (synthesizer words + channel) and whether the packet format is the one the Hoymiles
 * inverters use. A register set the model cannot decode hears nothing and sends nothing, as a chip
 * configured wrongly would.
 */
import { type BandId, banksFor, HOYMILES_DATA_RATE_KBPS, HOYMILES_SYNC_WORD } from '../driver/banks';
import { Bank, Reg } from '../driver/registers';

export const XTAL_HZ = 26_000_000;
const K_SCALE = 2 ** 20;
/** The receive synthesizer runs this many K-steps above the carrier (the low IF, about 282.6 kHz). */
export const LOW_IF_K_STEPS = 22_795;
/** One FREQ_OFS unit. */
export const CHANNEL_STEP_HZ = 2_500;

interface SynthWords {
  n: number;
  k: number;
  divider: number;
}

function synth(regs: Uint8Array, at: number): SynthWords {
  return {
    n: regs[at]!,
    k: regs[at + 1]! | (regs[at + 2]! << 8) | ((regs[at + 3]! & 0x0f) << 16),
    // The band divider code sits in RF4 only (bits 6..4); RF8's high bits are the VCO bank.
    divider: (regs[Reg.rf1 + 3]! >> 4) & 0x07,
  };
}

/**
 * Hz of synthesizer words, rounded to the kHz (the 20-bit fraction leaves a few Hz of error, e.g. 860 MHz
 * comes out 5 Hz low; any receiver tolerates far more, and the air speaks in whole channels).
 * Undefined for dividers other than the sub-GHz one (÷2, code 0).
 */
function hz(words: SynthWords, kOffset = 0): number | undefined {
  if (words.n === 0 || words.divider !== 0) return undefined;
  return Math.round((XTAL_HZ * (words.n + (words.k - kOffset) / K_SCALE)) / 2 / 1000) * 1000;
}

/** The carrier for TX (or RX, taking off the low IF) on the programmed channel, or undefined. */
export function tunedFrequencyHz(regs: Uint8Array, direction: 'tx' | 'rx'): number | undefined {
  const base = direction === 'tx' ? hz(synth(regs, Reg.rf5)) : hz(synth(regs, Reg.rf1), LOW_IF_K_STEPS);
  if (base === undefined) return undefined;
  return base + regs[Reg.freqChannel]! * regs[Reg.freqOffset]! * CHANNEL_STEP_HZ;
}

function bandOf(regs: Uint8Array): BandId | undefined {
  const base = hz(synth(regs, Reg.rf5));
  if (base === 860_000_000) return '860';
  if (base === 900_000_000) return '900';
  return undefined;
}

const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Why this register set would not talk to a Hoymiles inverter (empty: it would). The data-rate bank and
 * the modulation part of the TX bank are opaque vendor exports: the model knows only the 20 kbps GFSK
 * export by its bytes, so any other contents count as another data rate.
 */
export function airProfileProblems(regs: Uint8Array): string[] {
  const problems: string[] = [];
  const band = bandOf(regs);
  if (!band) return ['the TX synthesizer is not set to the 860 or 900 MHz band base'];
  const expected = banksFor(band);
  const bank = (name: keyof typeof Bank) =>
    regs.subarray(Bank[name].address, Bank[name].address + Bank[name].size);
  const want = (name: keyof typeof Bank) => expected.find((b) => b.name === name)!.values;
  if (!equal(bank('dataRate'), want('dataRate'))) problems.push('the data rate is not 20 kbps GFSK');
  if (!equal(bank('tx').subarray(0, 7), want('tx').subarray(0, 7))) {
    problems.push('the modulation (TX1..TX7) is not the 20 kHz GFSK shaping');
  }
  const rxBase = hz(synth(regs, Reg.rf1), LOW_IF_K_STEPS);
  if (rxBase !== hz(synth(regs, Reg.rf5))) problems.push('RX and TX synthesizers disagree');
  if ((regs[Reg.pkt5]! >> 1) & 0x07) {
    const syncBytes = ((regs[Reg.pkt5]! >> 1) & 0x07) + 1;
    const sync = Array.from({ length: syncBytes }, (_, i) => regs[Reg.pkt6 + 7 - i]!);
    if (!equal(Uint8Array.from(sync), HOYMILES_SYNC_WORD))
      problems.push('the sync word is not the Hoymiles one');
  } else {
    problems.push('the sync word is not the Hoymiles one');
  }
  if ((regs[Bank.baseband.address]! & 0x03) !== 0x02) problems.push('packet mode is off');
  if (!(regs[Reg.pkt14]! & 0x01)) problems.push('packets are fixed-length, not length byte first');
  const pkt21 = regs[Reg.pkt21]!;
  if ((pkt21 & 0x07) !== 0x03) problems.push('CRC is not IBM-16 over the payload');
  if ((pkt21 & 0xc0) !== 0xc0) problems.push('FEC is off');
  return problems;
}

/** Time on air of a packet with `payloadBytes` (preamble, sync, then FEC-coded length, payload, CRC). */
export function airtimeMs(regs: Uint8Array, payloadBytes: number): number {
  const pkt2 = Bank.baseband.address + 1;
  const preamble = regs[pkt2]! | (regs[pkt2 + 1]! << 8);
  const syncBytes = ((regs[Reg.pkt5]! >> 1) & 0x07) + 1;
  const coded = (1 + payloadBytes + 2) * (regs[Reg.pkt21]! & 0x40 ? 2 : 1);
  return ((preamble + syncBytes + coded) * 8) / HOYMILES_DATA_RATE_KBPS;
}

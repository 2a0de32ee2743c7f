/**
 * Bringing a CMT2300A up: soft reset, the presence check, the register banks of the country's band, the
 * interrupt routing, channel spacing, FIFO mode and PA level; it ends in SLEEP with the configuration kept.
 * docs/radio-cmt2300a.md lists the steps and why.
 */
import { DtuLimits } from '@dtu-console/contract';
import { cmtCountry } from '@dtu-console/hoymiles';
import type { RadioSettings } from '../../radio';
import type { RadioTimer } from '../../radio-timer';
import { type BandId, bandOfBase, banksFor, paCodes } from './banks';
import type { CmtChip } from './chip';
import {
  CFG_RETAIN,
  FifoClr,
  FifoCtl,
  Go,
  INT_CLR2_ALL,
  IntClr1,
  IntEn,
  IntSource,
  IoSel,
  LOCKING_EN,
  Reg,
  RSTN_IN_EN,
  SOFT_RESET_VALUE,
  State,
} from './registers';

/** Settle time after a soft reset before the chip answers. */
export const RESET_SETTLE_MS = 20;
/** FREQ_OFS: channel spacing in 2.5 kHz steps (100 × 2.5 kHz = 250 kHz). */
const CHANNEL_STEPS = DtuLimits.cmtChannelWidthHz / 2500;
/** The value the presence check writes and expects back. */
const PRESENCE_PATTERN = 0xaa;

/** The chip did not answer its presence check (or cannot be set up for the country). */
export class ChipAbsent extends Error {}

export async function initialiseChip(
  chip: CmtChip,
  clock: RadioTimer,
  settings: RadioSettings,
): Promise<void> {
  const country = cmtCountry(settings.cmtCountry);
  const band: BandId | undefined = country ? bandOfBase(country.baseFrequencyHz) : undefined;
  if (!band) throw new ChipAbsent(`no CMT2300A register set for country ${settings.cmtCountry}`);
  chip.write(Reg.softReset, SOFT_RESET_VALUE);
  await clock.sleep(RESET_SETTLE_MS);
  checkPresence(chip);
  await chip.go(Go.stby, State.stby);
  // Keep the configuration through SLEEP; GPIO4 must not act as a reset input.
  chip.write(Reg.modeSta, (chip.read(Reg.modeSta) | CFG_RETAIN) & ~RSTN_IN_EN & 0xff);
  // Lock detection on, as the vendor's init does next: only bit 5 is ours, the others are kept as read.
  chip.write(Reg.enCtl, chip.read(Reg.enCtl) | LOCKING_EN);
  for (const bank of banksFor(band)) {
    bank.values.forEach((value, i) => {
      chip.write(bank.address + i, value);
    });
  }
  chip.write(Reg.ioSel, IoSel.gpio2Int1 | IoSel.gpio3Int2);
  chip.write(Reg.int1Ctl, IntSource.txDone);
  chip.write(Reg.int2Ctl, IntSource.pktOk);
  chip.write(Reg.intEn, IntEn.txDone | IntEn.preambleOk | IntEn.syncOk | IntEn.crcOk | IntEn.pktDone);
  chip.write(Reg.freqOffset, CHANNEL_STEPS);
  chip.write(Reg.fifoCtl, FifoCtl.merge);
  const level = Math.min(
    DtuLimits.cmtPaLevelMaxDbm,
    Math.max(DtuLimits.cmtPaLevelMinDbm, settings.cmtPaLevel),
  );
  const pa = paCodes(level);
  chip.write(Reg.cmt4, pa.cmt4);
  chip.write(Reg.tx8, pa.tx8);
  chip.write(Reg.tx9, pa.tx9);
  chip.write(Reg.intClr1, IntClr1.clearAll);
  chip.write(Reg.intClr2, INT_CLR2_ALL);
  chip.write(Reg.fifoClr, FifoClr.rx | FifoClr.tx);
  // The configuration takes effect through SLEEP; the chip waits there between exchanges.
  await chip.go(Go.sleep, State.sleep);
}

/** Writes a test value into a register Hoymiles leaves unused, reads it back, restores it. */
function checkPresence(chip: CmtChip): void {
  const saved = chip.read(Reg.pkt17);
  chip.write(Reg.pkt17, PRESENCE_PATTERN);
  const back = chip.read(Reg.pkt17);
  chip.write(Reg.pkt17, saved);
  if (back !== PRESENCE_PATTERN) {
    throw new ChipAbsent(
      `no CMT2300A answers on ${chip.path}: a test value 0xaa written to it read back as 0x${hex(back)} ` +
        '(check the wiring, the 3-wire SPI overlay and the module power)',
    );
  }
}

const hex = (value: number) => value.toString(16).padStart(2, '0');

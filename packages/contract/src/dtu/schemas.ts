/** POST /api/dtu/config. */
import { z } from 'zod';
import { Code, type CodeParam } from '../codes';
import { isZeroSerial } from '../common/hex-serial';
import { Key } from '../common/keys';
import { isOutside, type Rule, rulesCheck } from '../common/validate';
import { CmtCountries, DtuLimits } from './limits';

/**
 * The DTU serial as hex text. Older clients send it as a JSON number whose decimal digits are the hex
 * digits (199980115004 for "199980115004"): such a number is read as its digits.
 */
const dtuSerialText = z
  .union([Key.string, z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)])
  .transform((value) => (typeof value === 'number' ? String(value) : value));

/** `nrf_enabled`, `cmt_enabled`, `cmt_chan_width` and `country_def` are read-only and ignored on POST. */
export const dtuConfigShape = z.object({
  serial: dtuSerialText,
  pollinterval: Key.u32,
  nrf_palevel: Key.u8,
  cmt_palevel: Key.i8,
  cmt_frequency: Key.u32,
  cmt_country: Key.u8,
});

type DtuConfigShape = z.output<typeof dtuConfigShape>;

/** The country's rules, or undefined for an index the API rejects (2005). */
export function cmtCountry(index: number): (typeof CmtCountries)[number] | undefined {
  return Number.isInteger(index) ? CmtCountries[index] : undefined;
}

/** Valid CMT frequency: on the 250 kHz grid and inside the country's freq_min..freq_max. */
export function isCmtFrequencyValid(frequency: number, country: number): boolean {
  const rules = cmtCountry(country);
  if (!rules) return false;
  return (
    frequency % DtuLimits.cmtChannelWidthHz === 0 && !isOutside(frequency, rules.freq_min, rules.freq_max)
  );
}

/** 2004 names the bounds of the selected country, so its param depends on the request. */
function frequencyParam(v: DtuConfigShape): CodeParam {
  const rules = cmtCountry(v.cmt_country);
  return { min: rules?.freq_min ?? 0, max: rules?.freq_max ?? 0 };
}

/**
 * The endpoint's own checks, in the order OpenDTU runs them (the list order). The country comes before the frequency because the frequency
 * bounds are the country's. The poll interval has no upper bound on the server (86400 is a form bound).
 */
export const dtuConfigRules: readonly Rule<DtuConfigShape>[] = [
  { code: Code.DtuSerialZero, field: 'serial', fails: (v) => isZeroSerial(String(v.serial)) },
  { code: Code.DtuPollIntervalZero, field: 'pollinterval', fails: (v) => v.pollinterval === 0 },
  {
    code: Code.DtuPowerLevelInvalid,
    field: 'nrf_palevel',
    fails: (v) => v.nrf_palevel > DtuLimits.nrfPaLevelMax,
  },
  {
    code: Code.DtuPowerLevelInvalid,
    field: 'cmt_palevel',
    fails: (v) => isOutside(v.cmt_palevel, DtuLimits.cmtPaLevelMinDbm, DtuLimits.cmtPaLevelMaxDbm),
  },
  {
    code: Code.DtuCountryInvalid,
    field: 'cmt_country',
    fails: (v) => v.cmt_country >= DtuLimits.countryCount,
  },
  {
    code: Code.DtuFrequencyInvalid,
    field: 'cmt_frequency',
    fails: (v) => !isCmtFrequencyValid(v.cmt_frequency, v.cmt_country),
    param: frequencyParam,
  },
];

export const dtuConfigSchema = dtuConfigShape.check(rulesCheck(dtuConfigRules));

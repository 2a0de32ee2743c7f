// The DTU radios (nRF24 and CMT2300A): limits, defaults and enumerations.

/** DTU radio settings bounds. */
export const DtuLimits = {
  serialMin: 1,
  /** Form bound of the DTU serial. */
  serialMax: 199999999999,
  pollIntervalMin: 1,
  pollIntervalMax: 86400,
  nrfPaLevelMin: 0,
  nrfPaLevelMax: 3,
  cmtPaLevelMinDbm: -10,
  cmtPaLevelMaxDbm: 20,
  /** CMT frequency step and channel width (the console calls it the 250 kHz frequency step). */
  cmtChannelWidthHz: 250000,
  countryCount: 3,
} as const;

/** nRF24 PA levels by `nrf_palevel` key. */
export const NrfPaLevels = [
  { value: 0, label: 'Min', dbm: -18 },
  { value: 1, label: 'Low', dbm: -12 },
  { value: 2, label: 'High', dbm: -6 },
  { value: 3, label: 'Max', dbm: 0 },
] as const;

export const CmtCountry = { Europe: 0, NorthAmerica: 1, Brazil: 2 } as const;
export type CmtCountry = (typeof CmtCountry)[keyof typeof CmtCountry];

/** CMT2300A frequency rules per `cmt_country`, in Hz. Index = country id. */
export const CmtCountries = [
  {
    id: CmtCountry.Europe,
    name: 'Europe',
    freq_default: 865000000,
    freq_min: 860250000,
    freq_max: 923500000,
    freq_legal_min: 863000000,
    freq_legal_max: 870000000,
  },
  {
    id: CmtCountry.NorthAmerica,
    name: 'North America',
    freq_default: 918000000,
    freq_min: 900250000,
    freq_max: 963500000,
    freq_legal_min: 905000000,
    freq_legal_max: 925000000,
  },
  {
    id: CmtCountry.Brazil,
    name: 'Brazil',
    freq_default: 918000000,
    freq_min: 900250000,
    freq_max: 963500000,
    freq_legal_min: 915000000,
    freq_legal_max: 928000000,
  },
] as const;

/** DTU defaults of a fresh gateway (the DTU serial is generated from the chip id, so it has no fixed default). */
export const DtuDefaults = {
  pollInterval: 5,
  nrfPaLevel: 0,
  cmtPaLevel: 0,
  cmtFrequency: 865000000,
  cmtCountry: CmtCountry.Europe,
} as const;

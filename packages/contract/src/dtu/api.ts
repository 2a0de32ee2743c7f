/** GET|POST /api/dtu/config. */

/** Frequency rules of one CMT country in Hz, in wire key order. */
export interface CountryDef {
  freq_default: number;
  freq_min: number;
  freq_max: number;
  freq_legal_min: number;
  freq_legal_max: number;
}

export interface DtuConfig {
  serial: string;
  pollinterval: number;
  /** Radio initialised; read-only, ignored on POST. */
  nrf_enabled: boolean;
  /** 0..3 = Min/Low/High/Max. */
  nrf_palevel: number;
  cmt_enabled: boolean;
  /** dBm -10..20. */
  cmt_palevel: number;
  /** Hz. */
  cmt_frequency: number;
  /** Index into `country_def`. */
  cmt_country: number;
  /** Hz, always 250000. */
  cmt_chan_width: number;
  country_def: CountryDef[];
}

/** The keys POST reads; the web app posts the whole GET object. */
export type DtuConfigPayload = Pick<
  DtuConfig,
  'serial' | 'pollinterval' | 'nrf_palevel' | 'cmt_palevel' | 'cmt_frequency' | 'cmt_country'
>;

/**
 * DTU settings shaped like the GET answer of their endpoint (what the console posts back), shared by
 * the contract's schema tests, the gateway's API tests and the console's form tests. Each builder returns a
 * fresh object with every key in wire order; `patch` replaces whole keys. Not part of the API.
 */
import type { CountryDef, DtuConfig } from './api';

/** The CMT2300A's frequency rules for Europe, North America and Brazil, in Hz (the documented table). */
export function countryDefs(): CountryDef[] {
  return [
    {
      freq_default: 865000000,
      freq_min: 860250000,
      freq_max: 923500000,
      freq_legal_min: 863000000,
      freq_legal_max: 870000000,
    },
    {
      freq_default: 918000000,
      freq_min: 900250000,
      freq_max: 963500000,
      freq_legal_min: 905000000,
      freq_legal_max: 925000000,
    },
    {
      freq_default: 918000000,
      freq_min: 900250000,
      freq_max: 963500000,
      freq_legal_min: 915000000,
      freq_legal_max: 928000000,
    },
  ];
}

/** The API documentation's example: the DTU serial of chip id 0x1a2b3c, nRF24 on, CMT off, Europe. */
export function dtuConfig(patch: Partial<DtuConfig> = {}): DtuConfig {
  return {
    serial: '199980115004',
    pollinterval: 5,
    nrf_enabled: true,
    nrf_palevel: 0,
    cmt_enabled: false,
    cmt_palevel: 0,
    cmt_frequency: 865000000,
    cmt_country: 0,
    cmt_chan_width: 250000,
    country_def: countryDefs(),
    ...patch,
  };
}

/** GET /api/gridprofile/status and /rawdata ?inv=<serial>. */

export interface GridProfileItem {
  n: string;
  /** e.g. "V", "s", "Hz", "bool" (shown as enabled/disabled), "Pn%/s" or "". */
  u: string;
  v: number;
}

export interface GridProfileSection {
  name: string;
  items: GridProfileItem[];
}

export interface GridProfileStatus {
  /** "Unknown" until read or when not in the table. */
  name: string;
  /** "A.B.C"; "0.0.0" until read. */
  version: string;
  sections: GridProfileSection[];
}

export interface GridProfileRawData {
  /** Profile bytes 0..255, up to 141; the profile counts as empty when all are 0. */
  raw: number[];
}

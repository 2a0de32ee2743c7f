/** GET /api/gridprofile/status and /rawdata ?inv=<serial>: the protocol's decoded profile as it is. */
import type { GridProfile } from '@dtu-console/hoymiles/messages/grid-profile';

export type { GridProfileItem, GridProfileSection } from '@dtu-console/hoymiles/messages/grid-profile';

export type GridProfileStatus = GridProfile;

export interface GridProfileRawData {
  /** Profile bytes 0..255, up to 141; the profile counts as empty when all are 0. */
  raw: number[];
}

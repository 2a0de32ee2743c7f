/** POST /api/maintenance/reboot. */

export interface RebootPayload {
  /** false answers 6002 and does nothing. */
  reboot: boolean;
}

/** POST /api/maintenance/reboot (api.md §7.2). */

export interface RebootPayload {
  /** false answers 6002 and does nothing. */
  reboot: boolean;
}

/**
 * Why the gateway process (re)started, as /api/system/status reports it in `resetreason_0` and
 * `resetreason_1` (where OpenDTU reports its chip's reset reasons). The console shows these in its language.
 */
export const RESET_REASONS = { powerOn: 'Power on', softwareReset: 'Software reset' } as const;

export type ResetReason = (typeof RESET_REASONS)[keyof typeof RESET_REASONS];

/** The key of a reason this gateway reports; undefined for any other text (OpenDTU's chip reasons). */
export function resetReasonKey(reason: string): keyof typeof RESET_REASONS | undefined {
  return (Object.keys(RESET_REASONS) as (keyof typeof RESET_REASONS)[]).find(
    (key) => RESET_REASONS[key] === reason,
  );
}

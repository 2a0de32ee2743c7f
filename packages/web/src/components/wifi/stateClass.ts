/** The badge colour of each device state (the devices card and System info's Wi-Fi section). */
export const STATE_CLASS: Record<string, string> = {
  online: 'text-bg-success',
  connecting: 'text-bg-secondary',
  disabled: 'text-bg-secondary',
  unreachable: 'text-bg-warning',
  refused: 'text-bg-danger',
  'encrypted-without-key': 'text-bg-danger',
};

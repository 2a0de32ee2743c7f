/**
 * The model of a Hoymiles Wi-Fi device from the first four hex digits of its serial (docs/wifi.md, Which
 * devices work). A serial outside the table is named by what it serves.
 */
const DTU_PREFIXES: ReadonlyArray<[string[], string]> = [
  [['10F7', '10F8', '10FB', '10FC', '10FD', '4100', '4101', '4120', '4121'], 'DTU-Pro'],
  [['10D3', '10D8', '10D9', '4110', '4111', '4130', '4132', '4133'], 'DTU-Lite-S'],
  [['10D6', '10D7', '4131'], 'DTU-Lite'],
  [['10D2'], 'DTU-G100'],
];

/**
 * The DTU model the serial names, or "" outside the table (an inverter with Wi-Fi, or a device we do not
 * know). `/api/wifi/status` carries this; the console names a device without one in the reader's
 * language by what it serves.
 */
export function wifiDtuModel(serial: string): string {
  const prefix = serial.slice(0, 4).toUpperCase();
  for (const [prefixes, name] of DTU_PREFIXES) if (prefixes.includes(prefix)) return name;
  return '';
}

/** The model for the API fields of English text (the live data's `device`, device info's hardware model). */
export function wifiDeviceModelName(serial: string, inverters: number): string {
  const dtu = wifiDtuModel(serial);
  if (dtu) return dtu;
  return inverters === 1 ? 'HMS-xxxW (inverter with Wi-Fi)' : `Wi-Fi device with ${inverters} inverters`;
}

/** GET /api/devinfo/status?inv=<serial>. */

export interface DevInfoStatus {
  /** Device info arrived at least once. */
  valid_data: boolean;
  /** The inverter's serial (wire form), as older clients expect it here. */
  serial: string;
  fw_bootloader_version: number;
  /** Shown as major.minor.patch, see `formatVersion`. */
  fw_build_version: number;
  hw_part_number: number;
  /** "NN.NN" text (a string on the wire). */
  hw_version: string;
  /** "" when the part number is unknown. */
  hw_model_name: string;
  /** Rated W, 0 if unknown. */
  max_power: number;
  /** "YYYY-MM-DD HH:MM:SS" UTC. */
  fw_build_datetime: string;
  pdl_supported: boolean;
}

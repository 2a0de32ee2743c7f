/** Shapes several endpoints share. */

/** A measured value: `v` value, `u` unit, `d` decimals to display. NaN is sent as null. */
export interface ValueUnit {
  v: number;
  u: string;
  d: number;
  /** Present (true) on a value the gateway estimates instead of reading it: the MI series' AC power. */
  estimated?: true;
}

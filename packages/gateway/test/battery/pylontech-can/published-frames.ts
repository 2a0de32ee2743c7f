/**
 * Published Pylontech-protocol CAN frames (payload bytes as their publishers printed them; where each was
 * published is recorded in ../data/README.md), shared by the frame decoder's and the CAN source's tests.
 */

/** Bytes from the space-separated hex a publisher printed. */
export const hex = (s: string): Uint8Array =>
  Uint8Array.from(s.split(' ').map((b) => Number.parseInt(b, 16)));

/** A Pylontech battery's frames 0x351, 0x355, 0x356, 0x359 and 0x35C. */
export const PYLON = {
  limits: hex('14 02 74 0E 74 0E CC 01'),
  soc: hex('1A 00 64 00'),
  measurements: hex('02 13 00 00 4A 01'),
  alarms: hex('00 00 00 00 0A 50 4E'),
  requests: hex('C0 00'),
};

/** Frames 0x351 and 0x356 of a DIY BMS emulating Pylontech (its discharge-limit field is negative). */
export const DIYBMS = { limits: hex('44 02 64 00 9C FF 3F 02'), measurements: hex('94 14 00 00 8C 00') };

/** ESP32 application image: magic 0xE9, 1..16 segments, a 24-byte header (8 common + 16 extended). */
export const ESP_IMAGE_MAGIC = 0xe9;
export const ESP_HEADER_BYTES = 24;

/** Recognised only to tell the user that an ESP32 image does not belong on this gateway. */
export function isEspImageHeader(head: Uint8Array): boolean {
  const segments = head[1] ?? 0;
  return head.length >= ESP_HEADER_BYTES && head[0] === ESP_IMAGE_MAGIC && segments >= 1 && segments <= 16;
}

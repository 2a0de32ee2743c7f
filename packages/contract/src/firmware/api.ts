/** POST /api/firmware/update and the console's version check. */

/**
 * Multipart fields in this order: the `MD5` text field (32 hex digits) first, then the image file part
 * (the web app names it `firmware`).
 */
export type FirmwareUploadField = 'MD5' | 'firmware';

/** Plain-text final answer: HTTP 200 "OK" or HTTP 500 "FAIL". */
export type FirmwareUploadAnswer = 'OK' | 'FAIL';

/** The parts of the public repository's compare answer the console reads. */
export interface VersionCompareResponse {
  total_commits: number;
  html_url: string;
}

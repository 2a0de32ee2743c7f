/**
 * The MD5 of a file for the firmware upload, which sends the file's MD5 before the file. The browser's Web
 * Crypto has no MD5, so the hash comes from `@noble/hashes` (ARCHITECTURE.md, Dependencies), fed chunk by
 * chunk so a large image never sits in memory twice. Only the firmware page's lazy chunk carries it.
 */
import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** MD5 of a file read in chunks of `chunkBytes` (2 MiB); `onChunk` sees each chunk's size. */
export async function md5OfFile(
  file: Blob,
  chunkBytes: number,
  onChunk?: (bytes: number) => void,
): Promise<string> {
  const hash = md5.create();
  for (let offset = 0; offset < file.size; offset += chunkBytes) {
    const chunk = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
    onChunk?.(chunk.length);
    hash.update(chunk);
  }
  return bytesToHex(hash.digest());
}

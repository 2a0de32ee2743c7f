// Backup, restore and firmware upload.

/** Backup, restore and firmware upload. */
export const UploadLimits = {
  /** The console hashes firmware for the MD5 field in chunks of this size. */
  md5ChunkBytes: 2 * 1024 * 1024,
  restoreFiles: ['config.json', 'pin_mapping.json'],
  restoreAccept: '.json',
  firmwareAccept: ['.bin', '.bin.gz'],
} as const;

// The admin account and stored secrets: limits, defaults and enumerations.

/** Admin password bounds (security settings). */
export const SecurityLimits = {
  passwordMinLength: 8,
  passwordMaxLength: 64,
  /** The single account. */
  username: 'admin',
  defaultPassword: 'openDTU42',
  defaultAllowReadonly: true,
  /** Entries of `allowed_origins` (docs/security.md). */
  allowedOriginsMax: 10,
} as const;

/**
 * What a GET shows instead of a stored secret (passwords, keys, push URLs and tokens); posting it back keeps
 * the stored value. 8 characters, so it passes every length rule when a form posts the GET object back.
 */
export const SecretMask = '********';

import { UploadLimits, type UploadRefusal, uploadRefusalText } from '@dtu-console/contract';
import type { Logger } from '../system/logger';
import { CONFIG_FILE } from './files';
import { pinMappingProblem } from './pin-mapping';
import type { ConfigStore } from './store';

export type RestoreOutcome = { ok: true } | { ok: false; refusal: UploadRefusal; text: string };

const RESTORABLE: readonly string[] = UploadLimits.restoreFiles;

/** The refusal of a file name that cannot be restored; undefined for one that can. */
export function restoreTargetRefusal(name: string): string | undefined {
  if (RESTORABLE.includes(name)) return undefined;
  return uploadRefusalText('restoreTarget', { files: RESTORABLE.join(', ') });
}

/**
 * Restores config.json or pin_mapping.json from an uploaded copy for the next run. Everything is checked
 * before anything is replaced: a refused file changes nothing. The caller restarts the gateway after a
 * success, so the next run reads the restored file.
 */
export async function restoreFile(
  config: ConfigStore,
  name: string,
  bytes: Buffer,
  log: Logger,
): Promise<RestoreOutcome> {
  const refuse = (refusal: UploadRefusal, params: Record<string, string>): RestoreOutcome => ({
    ok: false,
    refusal,
    text: uploadRefusalText(refusal, params),
  });
  const target = restoreTargetRefusal(name);
  if (target !== undefined) return { ok: false, refusal: 'restoreTarget', text: target };
  const text = bytes.toString('utf8');
  if (name === CONFIG_FILE) {
    const parsed = await config.parse(text);
    if (!parsed.ok) {
      log.warn({ reason: parsed.reason }, 'Restore refused: invalid config.json');
      return refuse('invalidConfig', { detail: parsed.reason });
    }
    await config.restore(parsed.config);
  } else {
    const problem = pinMappingProblem(text);
    if (problem) {
      log.warn({ reason: problem }, 'Restore refused: invalid pin_mapping.json');
      return refuse('invalidPinMapping', { detail: problem });
    }
    await config.writePinMapping(bytes);
  }
  log.info(`${name} restored`);
  return { ok: true };
}

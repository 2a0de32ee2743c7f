import type { EnvelopeType } from '@dtu-console/contract/codes';
import { isEnvelope, translationKey } from '@dtu-console/contract/common/envelope';
import type { TFunction } from 'i18next';

export interface AlertMessage {
  variant: EnvelopeType;
  text: string;
}

/**
 * The alert of a POST answer is the translation of apiresponse.{code} with `param` filling
 * {{min}}/{{max}}, in the variant the answer's `type` names. A codeless answer (network settings) shows its
 * own message; anything else is reported as a failure.
 */
export function responseAlert(t: TFunction, body: unknown): AlertMessage {
  if (isEnvelope(body)) {
    return { variant: body.type, text: t(translationKey(body.code), { ...body.param }) };
  }
  if (typeof body === 'object' && body !== null) {
    const { type, message } = body as { type?: unknown; message?: unknown };
    if (typeof message === 'string' && (type === 'warning' || type === 'danger' || type === 'success')) {
      return { variant: type, text: message };
    }
  }
  return { variant: 'danger', text: t('apiresponse.unexpected') };
}

/** A thrown failure (network, HTTP status) as an alert. */
export function errorAlert(error: unknown): AlertMessage {
  return { variant: 'danger', text: error instanceof Error ? error.message : String(error) };
}

import { CodeTexts } from '../code-texts';
import { Code, type CodeParam, CodeTable, type EnvelopeType, isCode, type ParamKey } from '../codes';

/** Answer of POST/action endpoints. Key order on the wire: type, message, code, param. */
export interface Envelope {
  type: EnvelopeType;
  message: string;
  code: Code;
  param?: CodeParam;
}

/** The three network-settings failures that carry no code. */
export interface CodelessEnvelope {
  type: 'warning';
  message: string;
}

/** HTTP 500 body when an answer could not be built; note its own key order. */
export interface InternalErrorBody {
  message: string;
  code: typeof Code.InternalError;
  type: 'danger';
}

/** What a POST answers: an envelope with a code, or (network settings) a warning without one. */
export type ApiResponse = Envelope | CodelessEnvelope;

/**
 * Fills the `{{min}}`/`{{max}}` placeholders of a locale text (and the single-brace `{min}`/`{max}`);
 * a placeholder without its value, or of another name, stays as it is.
 */
export function formatMessage(template: string, param?: CodeParam): string {
  return template.replace(
    /\{\{(min|max)\}\}|\{(min|max)\}/g,
    (whole, double?: ParamKey, single?: ParamKey) => {
      const value = param?.[(double ?? single) as ParamKey];
      return value === undefined ? whole : String(value);
    },
  );
}

/**
 * Builds the envelope for a code, its `message` the code's English text of the locale namespace `envelope`
 * (`code-texts.ts`). `param` is needed only where it depends on the request (2004); otherwise the table's
 * fixed param is used so every answer with the same code looks the same.
 */
export function envelope(code: Code, param?: CodeParam): Envelope {
  const spec = CodeTable[code];
  const out: Envelope = { type: spec.type, message: '', code };
  if (spec.paramKeys.length > 0) {
    const source = param ?? spec.param;
    const picked: CodeParam = {};
    for (const key of spec.paramKeys) {
      const value = source?.[key];
      // A missing param would make the console print a bare "{max}", so fail loudly at the source.
      if (value === undefined) throw new TypeError(`code ${code} needs param.${key}`);
      picked[key] = value;
    }
    out.param = picked;
  }
  out.message = formatMessage(CodeTexts[code].message, out.param);
  return out;
}

export function codelessWarning(message: string): CodelessEnvelope {
  return { type: 'warning', message };
}

/** `where` names the failing place, e.g. a handler name and line. */
export function internalErrorBody(where: string): InternalErrorBody {
  return { message: `500 Internal Server Error: ${where}`, code: Code.InternalError, type: 'danger' };
}

/** i18n key the console translates an envelope with. */
export function translationKey(code: Code): `apiresponse.${Code}` {
  return `apiresponse.${code}`;
}

function isParam(value: unknown): value is CodeParam {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(value).every(([key, v]) => (key === 'min' || key === 'max') && Number.isInteger(v));
}

const envelopeTypes: readonly unknown[] = ['success', 'warning', 'danger', 'info'] satisfies EnvelopeType[];

/** Guards a parsed response body on the console side. */
export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    envelopeTypes.includes(v.type) &&
    typeof v.message === 'string' &&
    isCode(v.code) &&
    (v.param === undefined || isParam(v.param))
  );
}

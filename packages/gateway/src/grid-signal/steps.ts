/**
 * What a ripple-control receiver's contacts and an MQTT message mean (docs/limiter.md): each contact K1..K4
 * maps to a step in % of the module power. No contact closed is no restriction (100 %); several closed at
 * once (a receiver between two steps, or a wiring fault) count as the strictest of them.
 */

/** A step as read: its percentage and, where it came from a contact, that contact (1..4; 0 = none closed). */
export interface SignalStep {
  percent: number;
  contact: number | null;
}

/** The step of the contacts closed now (`closed[i]` for contact K(i+1); undefined = not wired). */
export function stepOfContacts(
  closed: readonly (boolean | undefined)[],
  steps: readonly number[],
): SignalStep {
  let best: SignalStep = { percent: 100, contact: 0 };
  closed.forEach((isClosed, index) => {
    const percent = steps[index];
    if (isClosed !== true || percent === undefined) return;
    if (best.contact === 0 || percent < best.percent) best = { percent, contact: index + 1 };
  });
  return best;
}

/**
 * An MQTT payload: a percentage (`60`, `60 %`, `{"percent": 60}`) or a contact (`K2`, `k2`,
 * `{"contact": 2}`; contact 0 = none closed = 100 %). A reason when it is neither.
 */
export function parseSignalPayload(
  payload: string,
  steps: readonly number[],
): SignalStep | { refused: string } {
  const text = payload.trim();
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  let percent: unknown;
  let contact: unknown;
  if (text.startsWith('{')) {
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      return { refused: `payload "${shown}" is not valid JSON` };
    }
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
      return { refused: `payload "${shown}" is not a JSON object` };
    }
    percent = (doc as Record<string, unknown>).percent;
    contact = (doc as Record<string, unknown>).contact;
  } else {
    const k = /^[kK]\s*(\d+)$/.exec(text);
    if (k) contact = Number(k[1]);
    else {
      const p = /^(-?\d+(?:\.\d+)?)\s*%?$/.exec(text);
      if (!p) return { refused: `payload "${shown}" is neither a percentage nor a contact (K1..K4)` };
      percent = Number(p[1]);
    }
  }
  if (contact !== undefined) {
    if (typeof contact !== 'number' || !Number.isInteger(contact) || contact < 0 || contact > steps.length) {
      return { refused: `contact must be 0..${steps.length}` };
    }
    return contact === 0 ? { percent: 100, contact: 0 } : { percent: steps[contact - 1] ?? 100, contact };
  }
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
    return { refused: 'percent must be a number from 0 to 100' };
  }
  return { percent: Math.round(percent), contact: null };
}

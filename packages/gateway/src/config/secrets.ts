/**
 * Secrets (admin, Wi-Fi and MQTT passwords, the TLS client key) never leave the gateway in a GET answer.
 * A GET shows SECRET_MASK instead of a stored secret; a POST that carries the mask back unchanged means
 * "keep what is stored". An empty secret is shown as "" (nothing to hide, and posting "" clears it).
 *
 * The mask is 8 characters so it passes every length rule (admin password 8..64, Wi-Fi ≤ 63, MQTT ≤ 64)
 * when a form posts the whole GET object back.
 */
import { SecretMask } from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from './schema';

export const SECRET_MASK = SecretMask;

/** What a GET answer shows for a stored secret. */
export function maskSecret(stored: string): string {
  return stored === '' ? '' : SECRET_MASK;
}

/** The value to store for a posted secret: the stored one when the mask came back, else the new one. */
export function keepIfMasked(posted: string, stored: string): string {
  return posted === SECRET_MASK ? stored : posted;
}

export function isMasked(posted: string): boolean {
  return posted === SECRET_MASK;
}

type PowerMeterSection = GatewayConfig['powermeter'];

/** Masks the meter's three passwords in place (GET answer, backup). */
export function maskPowerMeterSecrets(section: PowerMeterSection): void {
  section.mqtt.password = maskSecret(section.mqtt.password);
  section.http_json.http_request.password = maskSecret(section.http_json.http_request.password);
  section.shelly.password = maskSecret(section.shelly.password);
  section.http_sml.http_request.password = maskSecret(section.http_sml.http_request.password);
}

/** Puts the stored password back wherever a masked one came in (save, restore, "read now"). */
export function keepPowerMeterSecrets(
  section: PowerMeterSection,
  stored: DeepReadonly<PowerMeterSection>,
): void {
  section.mqtt.password = keepIfMasked(section.mqtt.password, stored.mqtt.password);
  const request = section.http_json.http_request;
  request.password = keepIfMasked(request.password, stored.http_json.http_request.password);
  section.shelly.password = keepIfMasked(section.shelly.password, stored.shelly.password);
  const sml = section.http_sml.http_request;
  sml.password = keepIfMasked(sml.password, stored.http_sml.http_request.password);
}
/** The write-only keys of the `alerts` section (push URLs carry tokens in their path or query). */
export const ALERT_SECRETS = ['webhook_url', 'webhook_auth', 'ntfy_url', 'ntfy_token'] as const;

/** The alert API as the tests drive it on a plant gateway, and a webhook target that keeps what it is sent. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Alert, AlertsConfig, AlertsStatus } from '@dtu-console/contract';
import { expect } from 'vitest';
import { get, post } from './api';
import type { PlantGateway } from './plant-gateway';

export async function alertsStatus(env: PlantGateway, locale = 'en'): Promise<AlertsStatus> {
  const response = await get(env.gateway, `/api/alerts/status?locale=${locale}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AlertsStatus;
}

/** Saves the alert settings with `changes` over the stored ones. */
export async function configureAlerts(env: PlantGateway, changes: Partial<AlertsConfig>) {
  const current = (await get(env.gateway, '/api/alerts/config')).json() as AlertsConfig;
  const response = await post(env.gateway, '/api/alerts/config', { ...current, ...changes });
  expect(response.json()).toMatchObject({ code: 1001 });
}

export interface WebhookTarget {
  /** The JSON bodies received, in order. */
  bodies: { event: string; alert: Alert }[];
  /** The address to give as `webhook_url`. */
  url: string;
  close: () => Promise<void>;
}

/** A webhook target on a free loopback port, answering 200 to every push. */
export async function webhookTarget(): Promise<WebhookTarget> {
  const bodies: WebhookTarget['bodies'] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      bodies.push(JSON.parse(body));
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    bodies,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

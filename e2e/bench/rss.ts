/** Gateway memory with 10 inverters at 1 Hz, 50 live clients and MQTT publishing to a real Mosquitto. */

import { startMosquitto } from '../../packages/gateway/test/helpers/mosquitto';
import { configurePlant, startGateway, watchProcess } from './lib/gateway';
import { LiveClients } from './lib/live-clients';
import type { Section } from './lib/report';
import { MB, sleep } from './lib/stats';

const WINDOW_MS = Number(process.env.BENCH_RSS_MS ?? 60_000);
const BUDGET_RSS_MB = 150;

export async function measureRss(): Promise<Section> {
  const broker = await startMosquitto();
  const gateway = await startGateway();
  let clients: LiveClients | undefined;
  try {
    await configurePlant(gateway, 10);
    const mqtt = (await gateway.get('/api/mqtt/config')) as Record<string, unknown>;
    await gateway.post('/api/mqtt/config', {
      ...mqtt,
      mqtt_enabled: true,
      mqtt_hostname: '127.0.0.1',
      mqtt_port: broker.port,
    });
    clients = await LiveClients.open(`${gateway.base.replace('http', 'ws')}/livedata`, 50);
    await sleep(5000);
    const connected = ((await gateway.get('/api/mqtt/status')) as { mqtt_connected?: boolean })
      .mqtt_connected;
    const watch = watchProcess(gateway.pid);
    await sleep(WINDOW_MS);
    const usage = watch.stop();
    return {
      id: 'rss',
      title: 'Gateway memory',
      details: [
        `A fresh gateway: 10 inverters polled at 1 Hz, 50 live clients, MQTT ${connected ? 'connected' : '**not connected**'} ` +
          `to Mosquitto on port ${broker.port}; highest RSS sampled every second over ${WINDOW_MS / 1000} s; ` +
          `CPU ${usage.cpuPercent.toFixed(1)} % of one core meanwhile.`,
      ],
      results: [
        {
          name: 'RSS, 10 inverters + 50 clients + MQTT',
          value: usage.maxRssBytes / MB,
          unit: 'MB',
          budget: { op: '<=', limit: BUDGET_RSS_MB },
        },
        { name: 'MQTT connected', value: connected ? 1 : 0, unit: 'count', budget: { op: '>=', limit: 1 } },
      ],
    };
  } finally {
    await clients?.close();
    await gateway.stop();
    await broker.stop();
  }
}

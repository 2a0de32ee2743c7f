/**
 * GET /api/prometheus/metrics: the text exposition of output/prometheus.ts over this run's facts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_VERSION } from '../config/version';
import type { GatewayContext } from '../context';
import { type GlobalFacts, PROMETHEUS_CONTENT_TYPE, renderMetrics } from '../output/prometheus';
import { readHostFacts } from '../system/host';
import { readNetworkFacts } from '../system/network-facts';
import { radioChipCounters } from './system-radio';

/** Host and build facts of this run. */
export async function globalFacts(ctx: GatewayContext): Promise<GlobalFacts> {
  const [host, network] = await Promise.all([readHostFacts(ctx.options.dataDir), readNetworkFacts()]);
  return {
    hostname: network.hostname,
    gitHash: ctx.build.gitHash,
    configVersion: CONFIG_VERSION,
    arch: host.cpuModel,
    mac: network.mac,
    uptimeS: Math.floor((performance.now() - ctx.startedAt) / 1000),
    heap: {
      size: host.heap.total,
      free: host.heap.total - host.heap.used,
      biggestBlock: host.heap.maxBlock,
      minFree: Math.min(ctx.heap.sample(), host.heap.total - host.heap.used),
    },
    // The host's Wi-Fi BSSID is not readable without extra tools (see routes/network.ts): "".
    wifi: { rssi: network.wireless ? network.rssi : 0, bssid: '' },
  };
}

/** The radio chips' counts, when the radio has chips (model, hardware). */
function optionalChips(ctx: GatewayContext) {
  const radioChips = radioChipCounters(ctx.plant.radio);
  return radioChips ? { radioChips } : {};
}

export const prometheusRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/prometheus/metrics',
    { config: { auth: 'readonly', summary: 'Prometheus metrics', produces: 'text/plain' } },
    async (_request, reply) => {
      const { alerts, powerlimiter, meter, wifi, battery, solarcharger } = ctx.services;
      const text = renderMetrics(await globalFacts(ctx), ctx.plant.live, {
        daylight: ctx.plant.engine.isDay,
        alerts: alerts.openAlertsShaped('en'),
        alertsOpened: alerts.openedCounts(),
        limiter: { status: powerlimiter.status(), commandsSent: powerlimiter.commandsSent() },
        meter: meter.status(),
        crossOriginRefused: ctx.originRefusals.counts(),
        wifiDevices: wifi.status().devices,
        battery: battery.status(),
        solarCharger: solarcharger.status(),
        ...optionalChips(ctx),
      });
      return reply
        .header('Content-Type', PROMETHEUS_CONTENT_TYPE)
        .header('Cache-Control', 'no-cache')
        .send(text);
    },
  );
};

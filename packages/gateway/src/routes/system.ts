import type { SystemStatus } from '@dtu-console/contract/system/api';
import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_VERSION } from '../config/version';
import type { GatewayContext } from '../context';
import { releaseInfo } from '../release/state';
import { readHostFacts } from '../system/host';
import { radioFields } from './system-radio';

/** /api/system/*: facts about the host and this build. */
export const systemRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const meta = { auth: 'readonly', summary: 'Host, build, config and radio facts' } as const;
  app.get('/api/system/status', { config: meta }, async (): Promise<SystemStatus> => {
    const host = await readHostFacts(ctx.options.dataDir);
    return {
      hostname: host.hostname,
      sdkversion: host.platform,
      cpufreq: host.cpuMhz,
      cputemp: host.cpuTemperature,
      heap_total: host.heap.total,
      heap_used: host.heap.used,
      heap_max_block: host.heap.maxBlock,
      heap_min_free: Math.min(ctx.heap.sample(), host.heap.total - host.heap.used),
      psram_total: 0,
      psram_used: 0,
      // The "firmware slot" of a Linux gateway is the data directory's filesystem, where updates are staged.
      sketch_total: host.disk.total,
      sketch_used: host.disk.used,
      littlefs_total: host.disk.total,
      littlefs_used: host.disk.used,
      chiprevision: 0,
      chipmodel: host.cpuModel,
      chipcores: host.cpuCores,
      flashsize: host.memoryTotal,
      // Node has no RTOS tasks to report.
      task_details: [],
      resetreason_0: ctx.resetReason,
      resetreason_1: ctx.resetReason,
      cfgsavecount: ctx.config.saveCount,
      config_version: CONFIG_VERSION,
      git_hash: ctx.build.gitHash,
      git_branch: ctx.build.gitBranch,
      pioenv: `linux-${process.arch}`,
      uptime: Math.floor((performance.now() - ctx.startedAt) / 1000),
      ...radioFields(ctx.plant.radio, ctx.plant.live.inverters()),
      release: releaseInfo(ctx.options.dataDir),
      tls: ctx.tls
        ? {
            source: ctx.tls.source,
            fingerprint_sha256: ctx.tls.fingerprint256,
            valid_to: ctx.tls.validTo.toISOString(),
          }
        : null,
    };
  });
};

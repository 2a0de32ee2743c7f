/** GET /api/system/status. */
export interface TaskDetail {
  name: string;
  stack_watermark: number;
  priority: number;
}

export interface SystemStatus {
  hostname: string;
  sdkversion: string;
  cpufreq: number;
  cputemp: number | null;
  heap_total: number;
  heap_used: number;
  heap_max_block: number;
  heap_min_free: number;
  psram_total: number;
  psram_used: number;
  sketch_total: number;
  sketch_used: number;
  littlefs_total: number;
  littlefs_used: number;
  chiprevision: number;
  chipmodel: string;
  chipcores: number;
  flashsize: number;
  task_details: TaskDetail[];
  resetreason_0: string;
  resetreason_1: string;
  cfgsavecount: number;
  config_version: string;
  git_hash: string;
  git_branch: string;
  pioenv: string;
  uptime: number;
  nrf_configured: boolean;
  nrf_connected: boolean;
  nrf_pvariant: boolean;
  cmt_configured: boolean;
  cmt_connected: boolean;
}

/**
 * The HTTP server's own families (docs/metrics.md): requests refused for coming from another origin's page
 * (docs/security.md), by kind, each kind from the start (0 until the first) so `increase()` sees it.
 */
import { group, type MetricGroup } from './prometheus-group';

const CROSS_ORIGIN = group<Readonly<Record<'api' | 'websocket', number>>>(
  (source) => (source.crossOriginRefused ? [{ subject: source.crossOriginRefused, labels: [] }] : []),
  [
    {
      name: 'dtu_http_cross_origin_refused_total',
      help: 'Changes to /api (kind api) and WebSocket upgrades (kind websocket) refused with 403 for coming from another origin',
      type: 'counter',
      value: () => null,
      split: {
        label: 'kind',
        values: (counts) => [
          ['api', counts.api],
          ['websocket', counts.websocket],
        ],
      },
    },
  ],
);

export const HTTP_GROUPS: readonly MetricGroup[] = [CROSS_ORIGIN];

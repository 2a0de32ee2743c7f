/**
 * The radio chips' own families (docs/metrics.md): for the nRF24, the answers each receive scheme heard
 * and which scheme is in use. Present only with the model or hardware radio (the simulated one has no chip).
 */
import type { RadioRxSchemeCounts, RadioRxSchemes } from '@dtu-console/contract';
import { flag, group, type MetricGroup } from './prometheus-group';

const SCHEMES = ['dwell', 'blind_hop'] as const;

const perScheme = (pick: (counts: RadioRxSchemeCounts) => number) => (schemes: RadioRxSchemes) =>
  SCHEMES.map((scheme) => [scheme, pick(schemes[scheme])] as const);

const NRF_RX_SCHEMES = group<RadioRxSchemes>(
  (source) => {
    const schemes = source.radioChips?.nrf?.rx_scheme;
    return schemes ? [{ subject: schemes, labels: [] }] : [];
  },
  [
    {
      name: 'dtu_radio_nrf_rx_scheme',
      help: 'nRF24 receive scheme in use: 1 for the active one (dwell or blind_hop), 0 for the other',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'scheme',
        values: (schemes) => SCHEMES.map((scheme) => [scheme, flag(schemes.active === scheme)] as const),
      },
    },
    {
      name: 'dtu_radio_nrf_listens_total',
      help: 'nRF24 listens after an acknowledged send, by receive scheme',
      type: 'counter',
      value: () => null,
      split: { label: 'scheme', values: perScheme((c) => c.acked_listens) },
    },
    {
      name: 'dtu_radio_nrf_answered_listens_total',
      help: 'nRF24 listens after an acknowledged send that heard an answer, by receive scheme',
      type: 'counter',
      value: () => null,
      split: { label: 'scheme', values: perScheme((c) => c.answered) },
    },
    {
      name: 'dtu_radio_nrf_answer_fragments_total',
      help: 'nRF24 answer fragments heard, by receive scheme',
      type: 'counter',
      value: () => null,
      split: { label: 'scheme', values: perScheme((c) => c.frames) },
    },
    {
      name: 'dtu_radio_nrf_rx_scheme_fallbacks_total',
      help: 'Times the nRF24 fell back from the dwell scheme to the blind hop',
      type: 'counter',
      value: (schemes) => schemes.fallbacks,
    },
  ],
);

export const RADIO_CHIP_GROUPS: readonly MetricGroup[] = [NRF_RX_SCHEMES];

import CpuIcon from 'react-bootstrap-icons/dist/icons/cpu';
import JournalText from 'react-bootstrap-icons/dist/icons/journal-text';
import ListColumnsReverse from 'react-bootstrap-icons/dist/icons/list-columns-reverse';
import PowerIcon from 'react-bootstrap-icons/dist/icons/power';
import Speedometer from 'react-bootstrap-icons/dist/icons/speedometer';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import type { LiveInverter } from '../../ws/livedata';
import { ChannelCard } from './ChannelCard';
import { DataAge } from './DataAge';
import {
  channels,
  HEADER_CLASSES,
  hasGridProfile,
  headerVariant,
  reportsLimit,
  visibleDcChannels,
} from './rules';

export type InverterDialog = 'limit' | 'power' | 'devinfo' | 'gridprofile' | 'eventlog';

/** One inverter: coloured header with name, serial, limit and data age; actions; channel cards. */
export function InverterPanel({
  inverter,
  signedIn,
  onOpen,
}: {
  inverter: LiveInverter;
  signedIn: boolean;
  onOpen: (dialog: InverterDialog) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const variant = headerVariant(inverter);
  const hasChannels = inverter.AC !== undefined || inverter.DC !== undefined || inverter.INV !== undefined;
  const adminOnly = signedIn ? undefined : t('live.signInToControl');
  const limitReported = reportsLimit(inverter);
  const limit = !limitReported
    ? t('live.limitNotReported')
    : inverter.limit_absolute >= 0
      ? t('live.limitBoth', {
          absolute: f.number(inverter.limit_absolute),
          relative: f.number(inverter.limit_relative, 1),
        })
      : t('live.limitRelative', { relative: f.number(inverter.limit_relative, 1) });

  return (
    <section
      className="card inverter-panel"
      id={`panel-${inverter.serial}`}
      role="tabpanel"
      aria-labelledby={`tab-${inverter.serial}`}
    >
      <div className={`card-header inverter-header ${HEADER_CLASSES[variant]}`} data-variant={variant}>
        <h2 className="h5 mb-1 text-break">{inverter.name || inverter.serial}</h2>
        <div className="inverter-facts small">
          <span>{t('live.serialLabel', { serial: inverter.serial })}</span>
          <span
            data-testid="inverter-limit"
            title={limitReported ? undefined : t('live.limitNotReportedReason')}
          >
            {t('live.currentLimitLabel', { limit })}
            {!limitReported && (
              <span className="d-block opacity-75" data-testid="inverter-limit-reason">
                {t('live.limitNotReportedReason')}
              </span>
            )}
          </span>
          <span data-testid="inverter-age">
            <DataAge seconds={inverter.data_age} />
          </span>
        </div>
      </div>
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 mb-3">
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={!signedIn}
            title={adminOnly}
            aria-haspopup="dialog"
            onClick={() => onOpen('limit')}
          >
            <Speedometer aria-hidden className="me-1" />
            {t('live.setLimit')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            disabled={!signedIn}
            title={adminOnly}
            aria-haspopup="dialog"
            onClick={() => onOpen('power')}
          >
            <PowerIcon aria-hidden className="me-1" />
            {t('live.setPower')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-haspopup="dialog"
            onClick={() => onOpen('devinfo')}
          >
            <CpuIcon aria-hidden className="me-1" />
            {t('live.deviceInfo')}
          </button>
          {/* No button for what is not there: an MI has no grid profile, a Wi-Fi device reports none. */}
          {hasGridProfile(inverter) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-haspopup="dialog"
              onClick={() => onOpen('gridprofile')}
            >
              <ListColumnsReverse aria-hidden className="me-1" />
              {t('live.gridProfile')}
            </button>
          )}
          {inverter.events !== undefined && inverter.events >= 0 && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              aria-haspopup="dialog"
              onClick={() => onOpen('eventlog')}
            >
              <JournalText aria-hidden className="me-1" />
              {t('live.eventLog')}{' '}
              <span className="badge text-bg-secondary" data-testid="event-count">
                {f.number(inverter.events)}
              </span>
            </button>
          )}
        </div>
        {hasChannels ? (
          <Channels inverter={inverter} />
        ) : (
          <p className="text-body-secondary mb-0">{t('live.waiting')}</p>
        )}
      </div>
    </section>
  );
}

function Channels({ inverter }: { inverter: LiveInverter }) {
  const { t } = useTranslation();
  return (
    <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-2 g-md-3">
      {channels(inverter.INV).map(([key, fields]) => (
        <ChannelCard key={`INV${key}`} kind="INV" title={t('live.channelInverter')} fields={fields} />
      ))}
      {channels(inverter.AC).map(([key, fields]) => (
        <ChannelCard
          key={`AC${key}`}
          kind="AC"
          title={t('live.channelPhase', { number: Number(key) + 1 })}
          fields={fields}
        />
      ))}
      {visibleDcChannels(inverter).map(([key, fields]) => (
        <ChannelCard
          key={`DC${key}`}
          kind="DC"
          title={fields.name?.u || t('live.channelString', { number: Number(key) + 1 })}
          fields={fields}
        />
      ))}
    </div>
  );
}

import type { Alert as AlertItem } from '@dtu-console/contract/alerts/api';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acknowledgeAlert, alertsStatusQuery } from '../api/alerts';
import { type AlertMessage, errorAlert, responseAlert } from '../api/response';
import { CodeAlert, FormCard } from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { ALERTS_NS, FORMS_NS } from '../i18n';
import { useFormat } from '../i18n/format';
import { NavLink } from '../lib/navigation';
import { withQuery } from '../lib/query';
import '../styles/list-group.scss';

function useAlertsTranslation() {
  return useTranslation([ALERTS_NS, FORMS_NS], { nsMode: 'fallback' });
}

/** /alerts: open alerts with acknowledge, the recently cleared ones, and rules that cannot apply. */
function AlertsPage() {
  const { t, i18n } = useAlertsTranslation();
  const status = useQuery(alertsStatusQuery(i18n.resolvedLanguage ?? 'en'));
  const [answer, setAnswer] = useState<AlertMessage | null>(null);

  const acknowledge = async (id?: number) => {
    try {
      setAnswer(responseAlert(t, await acknowledgeAlert(id)));
      await status.refetch();
    } catch (error) {
      setAnswer(errorAlert(error));
    }
  };

  const data = status.data;
  const unacknowledged = data?.open.some((a) => !a.acknowledged) ?? false;
  return (
    <PageFrame title={t('alertlist.title')} loading={status.isPending} onReload={() => void status.refetch()}>
      <CodeAlert alert={answer} onDismiss={() => setAnswer(null)} />
      {data && (
        <div className="d-grid gap-3">
          {/* A plant too small for a rule is worth a note; no meter or limiter set up is a choice. */}
          {data.rules
            .filter((rule) => rule.enabled && !rule.applicable && rule.reason === 'strings')
            .map((rule) => (
              <div key={rule.rule} className="alert alert-info mb-0" role="status">
                <strong>{t(`rule.${rule.rule}`)}</strong>: {t(`notApplicable.${rule.reason}`)}
              </div>
            ))}
          <FormCard title={t('list.open')} flush>
            {data.open.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('list.none')}</p>
            ) : (
              <>
                <AlertTable alerts={data.open} onAcknowledge={(id) => void acknowledge(id)} />
                {unacknowledged && (
                  <button
                    type="button"
                    className="btn btn-outline-primary"
                    onClick={() => void acknowledge()}
                  >
                    {t('list.acknowledgeAll')}
                  </button>
                )}
              </>
            )}
          </FormCard>
          <FormCard title={t('list.recent')} flush>
            {data.recent.length === 0 ? (
              <p className="text-body-secondary mb-0">{t('list.noneRecent')}</p>
            ) : (
              <AlertTable alerts={data.recent} />
            )}
          </FormCard>
          <div>
            <NavLink to="/settings/alerts">{t('list.settings')}</NavLink>
          </div>
        </div>
      )}
    </PageFrame>
  );
}

function AlertTable({
  alerts,
  onAcknowledge,
}: {
  alerts: AlertItem[];
  onAcknowledge?: (id: number) => void;
}) {
  const { t } = useAlertsTranslation();
  const f = useFormat();
  const at = (s: number) => f.dateTime(new Date(s * 1000));
  return (
    <ul className="list-group mb-3" data-testid={onAcknowledge ? 'alerts-open' : 'alerts-recent'}>
      {alerts.map((alert) => (
        <li key={alert.id} className="list-group-item d-flex flex-wrap gap-2 align-items-center">
          <div className="flex-grow-1">
            <div className="fw-semibold">{t(`rule.${alert.rule}`)}</div>
            <div>{alert.message}</div>
            <small className="text-body-secondary">
              {t('list.started')} {at(alert.started)}
              {alert.ended !== null && ` · ${t('list.ended')} ${at(alert.ended)}`}
            </small>
          </div>
          {alert.acknowledged ? (
            <span className="badge text-bg-secondary">{t('list.acknowledged')}</span>
          ) : (
            onAcknowledge && (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                onClick={() => onAcknowledge(alert.id)}
              >
                {t('list.acknowledge')}
              </button>
            )
          )}
        </li>
      ))}
    </ul>
  );
}

export default withQuery(AlertsPage);

import { formatEventTime } from '@dtu-console/contract/common/format';
import type { EventLogLocale } from '@dtu-console/contract/eventlog/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchEventLog } from '../../api/eventlog';
import { errorAlert } from '../../api/response';
import { EXTRA_NS } from '../../i18n';
import { withQuery } from '../../lib/query';
import { AlertBox } from '../AlertBox';
import { Dialog, DialogLoading } from '../Dialog';
import type { InverterDialogProps } from './types';

/** The inverter's event log, its messages in the console's language. */
function EventLogModal({ serial, name, onClose }: InverterDialogProps) {
  const { t, i18n } = useTranslation(EXTRA_NS);
  const locale = (i18n.resolvedLanguage ?? 'en') as EventLogLocale;
  const query = useQuery({
    queryKey: ['eventlog', serial, locale],
    queryFn: () => fetchEventLog(serial, locale, { suppressErrorScreen: true }),
  });
  const events = query.data?.events ?? [];
  return (
    <Dialog title={t('eventlog.title', { name })} onClose={onClose} size="lg">
      {query.isPending ? (
        <DialogLoading />
      ) : query.isError ? (
        <AlertBox alert={errorAlert(query.error)} />
      ) : events.length === 0 ? (
        <p className="mb-0">{t('eventlog.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm table-striped align-middle mb-0">
            <thead>
              <tr>
                <th scope="col">{t('eventlog.id')}</th>
                <th scope="col">{t('eventlog.start')}</th>
                <th scope="col">{t('eventlog.stop')}</th>
                <th scope="col">{t('eventlog.message')}</th>
              </tr>
            </thead>
            <tbody>
              {events.map((event, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the log only grows at the end
                <tr key={index}>
                  <td>{event.message_id}</td>
                  <td className="font-monospace">{formatEventTime(event.start_time)}</td>
                  <td className="font-monospace">
                    {event.end_time === 0 ? t('eventlog.active') : formatEventTime(event.end_time)}
                  </td>
                  <td>{event.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
}

export default withQuery(EventLogModal);

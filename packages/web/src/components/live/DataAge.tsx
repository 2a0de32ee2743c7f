import { showsAbsoluteDataAge } from '@dtu-console/contract/common/format';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

/** Seconds since the last data; above 300 s the time of that data instead. */
export function DataAge({ seconds, now = Date.now() }: { seconds: number; now?: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (showsAbsoluteDataAge(seconds)) {
    // The gateway renders this in its own time zone, the browser in the visitor's: the next tick fixes it.
    return (
      <span suppressHydrationWarning>
        {t('live.lastUpdate', { time: f.dateTime(new Date(now - seconds * 1000)) })}
      </span>
    );
  }
  return <span>{t('live.dataAge', { count: seconds, value: f.number(seconds) })}</span>;
}

import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useSignedIn } from '../../api/auth';
import { gatewayTodayQuery } from '../../api/history';
import { Link } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { TabBar } from '../form/TabBar';
import '../../styles/forms.scss';
import '../../styles/history.scss';
import { Spinner } from '../QueryState';
import { browserToday } from './calendar';
import { DayPanel } from './DayPanel';
import { EnergyPanel } from './EnergyPanel';
import { useHistoryTranslation } from './labels';

export type HistoryTab = 'day' | 'month' | 'year';
const TABS: readonly HistoryTab[] = ['day', 'month', 'year'];

export interface HistoryInverter {
  serial: string;
  name: string;
  /** Served by a Hoymiles Wi-Fi device (live data's `connection`). */
  connection?: 'wifi';
}

/**
 * The history card of the live view: the plant's or one inverter's power over a day, its energy per day of
 * a month and per month of a year, each with its total and a CSV of what is shown. Loaded only when the
 * card is opened.
 */
function HistoryCard(props: { inverters: readonly HistoryInverter[] }) {
  const { t } = useHistoryTranslation();
  // The live data changes every few seconds; the card only needs the serials and names.
  const key = props.inverters
    .map((inverter) => `${inverter.serial}\t${inverter.name}\t${inverter.connection ?? ''}`)
    .join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the list is made of
  const inverters = useMemo(
    () =>
      props.inverters.map(({ serial, name, connection }) => ({
        serial,
        name,
        wifi: connection === 'wifi',
      })),
    [key],
  );
  const id = useId();
  const signedIn = useSignedIn();
  const todayQuery = useQuery(gatewayTodayQuery);
  const [tab, setTab] = useState<HistoryTab>('day');
  const [serial, setSerial] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  if (todayQuery.isPending) return <Spinner />;
  const today = todayQuery.data ?? browserToday();
  const date = chosen && chosen <= today ? chosen : today;
  const shown = serial !== null && inverters.some((inverter) => inverter.serial === serial) ? serial : null;

  return (
    <div className="card-body" data-testid="history-card">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <TabBar
          tabs={TABS}
          active={tab}
          onSelect={setTab}
          label={(one) => t(`chart.${one}`)}
          idPrefix={`${id}-history`}
          className="nav nav-pills"
        />
        {inverters.length > 0 && (
          <div className="input-group input-group-sm w-auto">
            <label className="input-group-text" htmlFor={`${id}-series`}>
              {t('chart.show')}
            </label>
            <select
              id={`${id}-series`}
              className="form-select"
              value={shown ?? ''}
              onChange={(event) => setSerial(event.target.value || null)}
            >
              <option value="">{t('chart.plant')}</option>
              {inverters.map((inverter) => (
                <option key={inverter.serial} value={inverter.serial}>
                  {inverter.name || inverter.serial}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div id={`${id}-history-panel`} role="tabpanel" aria-labelledby={`${id}-history-tab-${tab}`}>
        {tab === 'day' ? (
          <DayPanel
            date={date}
            today={today}
            serial={shown}
            wifi={inverters.some((inverter) => inverter.serial === shown && inverter.wifi)}
            onDate={setChosen}
          />
        ) : (
          <EnergyPanel range={tab} date={date} today={today} serial={shown} onDate={setChosen} />
        )}
      </div>
      {signedIn && (
        <div className="text-end small mt-2">
          <Link to="/settings/history">{t('chart.settings')}</Link>
        </div>
      )}
    </div>
  );
}

export default withQuery(HistoryCard);

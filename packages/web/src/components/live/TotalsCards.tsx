import type { LiveTotal } from '@dtu-console/contract/livedata/api';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

/** Plant totals: total yield, daily yield, power. One line each on a phone, three cards above. */
export function TotalsCards({ total }: { total: LiveTotal }) {
  const { t } = useTranslation();
  const f = useFormat();
  const cards = [
    { key: 'yieldTotal', label: t('live.totalYield'), value: total.YieldTotal },
    { key: 'yieldDay', label: t('live.dailyYield'), value: total.YieldDay },
    { key: 'power', label: t('live.totalPower'), value: total.Power },
  ];
  return (
    <div className="totals mb-3">
      {cards.map((card) => (
        <div className="card total-card" key={card.key}>
          <span className="total-label">{card.label}</span>
          <span className="total-value" data-testid={`total-${card.key}`}>
            {f.value(card.value)}
          </span>
        </div>
      ))}
    </div>
  );
}

import type { LiveTotal } from '@dtu-console/contract/api/livedata';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

/** Plant totals: total yield, daily yield, power (spec §2). */
export function TotalsCards({ total }: { total: LiveTotal }) {
  const { t } = useTranslation();
  const f = useFormat();
  const cards = [
    { key: 'yieldTotal', label: t('live.totalYield'), value: total.YieldTotal },
    { key: 'yieldDay', label: t('live.dailyYield'), value: total.YieldDay },
    { key: 'power', label: t('live.totalPower'), value: total.Power },
  ];
  return (
    <div className="row row-cols-1 row-cols-sm-3 g-2 g-md-3 mb-3">
      {cards.map((card) => (
        <div className="col" key={card.key}>
          <div className="card h-100 text-center">
            <div className="card-header py-1 small">{card.label}</div>
            <div className="card-body py-2">
              <span className="fs-3 fw-semibold" data-testid={`total-${card.key}`}>
                {f.value(card.value)}
              </span>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

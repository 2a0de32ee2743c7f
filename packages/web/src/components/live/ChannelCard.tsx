import type { IrradiationValue, ValueUnit } from '@dtu-console/contract/livedata/api';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';

export type ChannelKind = 'INV' | 'AC' | 'DC';

function isValue(value: unknown): value is ValueUnit {
  return typeof value === 'object' && value !== null && 'v' in value && 'd' in value;
}

/** One channel (general INV, AC phase or DC string) as a card of its fields, in the order received. */
export function ChannelCard({ kind, title, fields }: { kind: ChannelKind; title: string; fields: object }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows = Object.entries(fields).filter((entry): entry is [string, ValueUnit] => isValue(entry[1]));
  return (
    <div className="col">
      <section className="card h-100 channel-card" data-kind={kind}>
        <h3 className="card-header h6 mb-0">{title}</h3>
        <dl className="channel-fields">
          {rows.map(([name, value]) => (
            <div key={name} data-field={name}>
              <dt>{t(`field.${name.replace(/\s/g, '')}`, { defaultValue: name })}</dt>
              <dd>
                {f.value(value)}
                {value.estimated === true && (
                  <div className="small text-body-secondary channel-note" data-estimated="true">
                    {t('live.estimated')}
                  </div>
                )}
                {name === 'Irradiation' && 'max' in value && (
                  <div className="small text-body-secondary channel-note">
                    {t('live.irradiationMax', { max: f.number((value as IrradiationValue).max) })}
                  </div>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

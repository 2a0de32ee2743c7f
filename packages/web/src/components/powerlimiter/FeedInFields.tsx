import { FeedInLimits } from '@dtu-console/contract/powerlimiter/limits';
import { useQuery } from '@tanstack/react-query';
import { get, useFormContext, useWatch } from 'react-hook-form';
import { powerLimiterStatusQuery } from '../../api/powerlimiter';
import { useFormat } from '../../i18n/format';
import { FormCard, NumberField, SelectField, SwitchField, TextField } from '../form';
import { FeedInSummary } from './FeedInSummary';
import type { LimiterFormValues } from './form-values';
import { useLimiterTranslation } from './labels';

const F = FeedInLimits;
const CONTACTS = [0, 1, 2, 3] as const;

/** The module power the percentages refer to: as entered, or the sum of the strings' max power. */
export function modulePowerOf(values: Pick<LimiterFormValues, 'limiter'>, stringsWp: number): number {
  const set = values.limiter.feed_in_cap.module_power_wp;
  return Number.isFinite(set) && set > 0 ? set : stringsWp;
}

/**
 * The feed-in cap card (docs/limiter.md): on/off, percent of the module power or watts, and the module
 * power (0 = the strings' max power, shown beside the field).
 */
export function FeedInCapFields({ stringsWp }: { stringsWp: number }) {
  const { t } = useLimiterTranslation();
  const f = useFormat();
  const [mode, percent, watts, modulePower] = useWatch<
    LimiterFormValues,
    [
      'limiter.feed_in_cap.mode',
      'limiter.feed_in_cap.percent',
      'limiter.feed_in_cap.watts',
      'limiter.feed_in_cap.module_power_wp',
    ]
  >({
    name: [
      'limiter.feed_in_cap.mode',
      'limiter.feed_in_cap.percent',
      'limiter.feed_in_cap.watts',
      'limiter.feed_in_cap.module_power_wp',
    ],
  });
  const moduleWp = Number.isFinite(modulePower) && modulePower > 0 ? modulePower : stringsWp;
  const capW = mode === 'watts' ? watts : Math.round(((percent || 0) * moduleWp) / 100);
  return (
    <FormCard title={t('feedIn.cap')}>
      <p className="form-text mt-0">{t('feedIn.capHint')}</p>
      <SwitchField name="limiter.feed_in_cap.enabled" label={t('feedIn.capEnabled')} />
      <SelectField
        name="limiter.feed_in_cap.mode"
        label={t('feedIn.mode')}
        choices={[
          { value: 'percent', label: t('feedIn.modePercent') },
          { value: 'watts', label: t('feedIn.modeWatts') },
        ]}
      />
      {mode === 'watts' ? (
        <NumberField
          name="limiter.feed_in_cap.watts"
          label={t('feedIn.capWatts')}
          min={0}
          max={F.capWattsMax}
          step={1}
          unit="W"
        />
      ) : (
        <NumberField
          name="limiter.feed_in_cap.percent"
          label={t('feedIn.capPercent')}
          min={F.percentMin}
          max={F.percentMax}
          step={1}
          unit="%"
        />
      )}
      <NumberField
        name="limiter.feed_in_cap.module_power_wp"
        label={t('feedIn.modulePower')}
        help={
          <span data-testid="feed-in-strings">
            {t('feedIn.modulePowerHint', { power: f.unit(stringsWp, 'Wp') })}
          </span>
        }
        min={0}
        max={F.modulePowerMax}
        step={1}
        unit="Wp"
      />
      <p className="mb-0" data-testid="feed-in-cap-w">
        {t('feedIn.capIs', { power: f.unit(Number.isFinite(capW) ? capW : 0, 'W') })}
      </p>
    </FormCard>
  );
}

/** The grid operator's signal card: source, the GPIO lines or the MQTT topic, and the four steps. */
export function GridSignalFields() {
  const { t } = useLimiterTranslation();
  const { register, formState } = useFormContext<LimiterFormValues>();
  const source = useWatch<LimiterFormValues, 'limiter.grid_signal.source'>({
    name: 'limiter.grid_signal.source',
  });
  const error = get(formState.errors, 'limiter.grid_signal') as { message?: string } | undefined;
  const status = useQuery(powerLimiterStatusQuery);
  const f = useFormat();
  return (
    <FormCard title={t('feedIn.signal')}>
      <p className="form-text mt-0">{t('feedIn.signalHint')}</p>
      <FeedInSummary feedIn={status.data?.feed_in} f={f} />
      <SwitchField name="limiter.grid_signal.enabled" label={t('feedIn.signalEnabled')} />
      <SelectField
        name="limiter.grid_signal.source"
        label={t('feedIn.source')}
        choices={[
          { value: 'gpio', label: t('feedIn.sourceGpio') },
          { value: 'mqtt', label: t('feedIn.sourceMqtt') },
        ]}
      />
      {source === 'mqtt' ? (
        <TextField
          name="limiter.grid_signal.mqtt.topic"
          label={t('feedIn.topic')}
          help={t('feedIn.topicHint')}
          maxLength={F.mqttTopicMaxLength}
        />
      ) : (
        <>
          <TextField
            name="limiter.grid_signal.gpio.chip"
            label={t('feedIn.chip')}
            maxLength={F.gpioChipMaxLength}
          />
          <SwitchField
            name="limiter.grid_signal.gpio.active_low"
            label={t('feedIn.activeLow')}
            help={t('feedIn.activeLowHint')}
          />
        </>
      )}
      <div className="table-responsive">
        <table className="table align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">{t('feedIn.contact')}</th>
              {source !== 'mqtt' && <th scope="col">{t('feedIn.line')}</th>}
              <th scope="col">{t('feedIn.step')}</th>
            </tr>
          </thead>
          <tbody>
            {CONTACTS.map((index) => {
              const contact = `K${index + 1}`;
              return (
                <tr key={contact}>
                  <th scope="row" className="fw-normal">
                    {contact}
                  </th>
                  {source !== 'mqtt' && (
                    <td>
                      <input
                        type="number"
                        inputMode="numeric"
                        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
                        min={-1}
                        max={F.gpioLineMax}
                        step={1}
                        aria-label={`${t('feedIn.line')}: ${contact}`}
                        {...register(`limiter.grid_signal.gpio.lines.${index}`, { valueAsNumber: true })}
                      />
                    </td>
                  )}
                  <td>
                    <div className="input-group input-group-sm" style={{ minWidth: '6rem' }}>
                      <input
                        type="number"
                        inputMode="numeric"
                        className={`form-control${error ? ' is-invalid' : ''}`}
                        min={0}
                        max={100}
                        step={1}
                        aria-label={`${t('feedIn.step')}: ${contact}`}
                        {...register(`limiter.grid_signal.steps.${index}`, { valueAsNumber: true })}
                      />
                      <span className="input-group-text">%</span>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="form-text mb-0">{t(source === 'mqtt' ? 'feedIn.stepsMqttHint' : 'feedIn.stepsHint')}</p>
      {error?.message && (
        <div className="invalid-feedback d-block" role="alert">
          {error.message}
        </div>
      )}
      <p className="form-text mb-0">{t('feedIn.notCertified')}</p>
    </FormCard>
  );
}

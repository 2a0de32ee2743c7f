import { Timing } from '@dtu-console/contract/common/console-limits';
import { limitInputMax } from '@dtu-console/contract/common/format';
import type { LimitConfigPayload } from '@dtu-console/contract/limit/api';
import { PowerLimits } from '@dtu-console/contract/limit/limits';
import { limitConfigRules } from '@dtu-console/contract/limit/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fetchLimitStatus, limitTypeFor, postLimitConfig } from '../../api/limit';
import { type AlertMessage, errorAlert, responseAlert } from '../../api/response';
import { EXTRA_NS, FORMS_NS } from '../../i18n';
import { useFormat } from '../../i18n/format';
import { announce } from '../../lib/announce';
import { withQuery } from '../../lib/query';
import { type ClientRule, contractResolver, rulesCheck } from '../form/resolver';
import '../../styles/forms.scss';
import { Alert, AlertBox } from '../AlertBox';
import { Dialog, DialogLoading } from '../Dialog';
import { InfoRow } from '../InfoRow';
import { pollWhilePending, SetStatusBadge } from './SetStatusBadge';
import type { InverterDialogProps } from './types';

interface LimitForm {
  value: number;
  type: 'relative' | 'absolute';
  persistence: 'nonpersistent' | 'persistent';
}

const limitUnit = (type: LimitForm['type']) => (type === 'relative' ? '%' : 'W');

/** The input range follows the type — 0..100 %, or 0..max power (2250 W while unknown). */
export function limitRange(type: LimitForm['type'], maxPower: number): { min: number; max: number } {
  return { min: PowerLimits.valueMin, max: limitInputMax(type === 'relative', maxPower) };
}

const toPayload = (serial: string, form: LimitForm): LimitConfigPayload => ({
  serial,
  limit_value: form.value,
  limit_type: limitTypeFor(form.type === 'relative', form.persistence === 'persistent'),
});

/**
 * The input bounds of the chosen type (texts of the dialog), then the contract's limit rules: the same
 * checks and codes the gateway answers (a value above what the gateway takes, whatever the max power).
 */
function limitResolver(t: TFunction, serial: string, maxPower: number) {
  const rules: readonly ClientRule<LimitForm>[] = [
    { field: 'value', key: 'limit.valueRequired', fails: (form) => !Number.isFinite(form.value) },
    {
      field: 'value',
      key: 'limit.valueRange',
      params: (form) => ({ ...limitRange(form.type, maxPower), unit: limitUnit(form.type) }),
      fails: (form) => {
        const { min, max } = limitRange(form.type, maxPower);
        return form.value < min || form.value > max;
      },
    },
  ];
  const check = rulesCheck(limitConfigRules, (form: LimitForm) => toPayload(serial, form));
  // The contract names the payload's keys; a failure about the serial has no field and shows as an alert.
  const fields: Record<string, keyof LimitForm> = { limit_value: 'value', limit_type: 'type' };
  return contractResolver<LimitForm>(t, rules, (form) => {
    const failure = check(form);
    return failure && { ...failure, field: failure.field && fields[failure.field] };
  });
}

function LimitModal({ serial, name, onClose }: InverterDialogProps) {
  const { t } = useTranslation([EXTRA_NS, FORMS_NS], { nsMode: 'fallback' });
  const f = useFormat();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['limit', 'status'],
    queryFn: () => fetchLimitStatus({ suppressErrorScreen: true }),
    refetchInterval: (query) => pollWhilePending(query.state.data?.[serial]?.limit_set_status),
  });
  const entry = status.data?.[serial];

  return (
    <Dialog title={t('limit.title', { name })} onClose={onClose}>
      {status.isPending ? (
        <DialogLoading />
      ) : status.isError ? (
        <AlertBox alert={errorAlert(status.error)} />
      ) : !entry ? (
        <AlertBox alert={{ variant: 'warning', text: t('limit.unknownInverter') }} />
      ) : (
        <>
          {entry.best_effort === true && (
            <AlertBox alert={{ variant: 'info', text: t('limit.bestEffort') }} />
          )}
          <table className="table table-sm mb-3">
            <tbody>
              <InfoRow label={t('limit.current')}>
                <span data-testid="limit-current">
                  {f.unit(entry.limit_relative, '%', 1)}
                  {entry.max_power > 0 && ` (${f.unit((entry.limit_relative * entry.max_power) / 100, 'W')})`}
                </span>
              </InfoRow>
              <InfoRow label={t('limit.maxPower')}>
                {entry.max_power > 0 ? f.unit(entry.max_power, 'W') : t('common.unknown')}
              </InfoRow>
              <InfoRow label={t('limit.lastCommand')}>
                <SetStatusBadge status={entry.limit_set_status} />
              </InfoRow>
            </tbody>
          </table>
          {entry.connection === 'wifi' && (
            <p className="alert alert-info small" data-testid="limit-wifi-note">
              {t('limit.wifiNote')}
            </p>
          )}
          <LimitSettingsForm
            serial={serial}
            maxPower={entry.max_power}
            current={entry.limit_relative}
            persistentOnly={entry.connection === 'wifi'}
            onSaved={(alert) => {
              void queryClient.invalidateQueries({ queryKey: ['limit', 'status'] });
              announce('success', alert.text);
              onClose();
            }}
          />
        </>
      )}
    </Dialog>
  );
}

function LimitSettingsForm({
  serial,
  maxPower,
  current,
  persistentOnly,
  onSaved,
}: {
  serial: string;
  maxPower: number;
  current: number;
  /** A Wi-Fi inverter: its device stores every limit, a non-persistent one is refused. */
  persistentOnly: boolean;
  onSaved: (alert: AlertMessage) => void;
}) {
  const { t } = useTranslation([EXTRA_NS, FORMS_NS], { nsMode: 'fallback' });
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<LimitForm>({
    defaultValues: {
      value: current,
      type: 'relative',
      persistence: persistentOnly ? 'persistent' : 'nonpersistent',
    },
    resolver: limitResolver(t, serial, maxPower),
  });
  const type = watch('type');
  const range = limitRange(type, maxPower);
  const unit = limitUnit(type);

  const submit = handleSubmit(async (form) => {
    setAlert(null);
    try {
      const answer = await postLimitConfig(toPayload(serial, form));
      const message = responseAlert(t, answer);
      if (message.variant === 'success') onSaved(message);
      else setAlert(message);
    } catch (error) {
      setAlert(errorAlert(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <AlertBox alert={alert} />
      {errors.root?.message && <Alert variant="danger">{errors.root.message}</Alert>}
      <div className="mb-3">
        <label htmlFor="limit-value" className="form-label">
          {t('limit.target')}
        </label>
        <div className="input-group has-validation">
          <input
            id="limit-value"
            type="number"
            inputMode="decimal"
            step="any"
            min={range.min}
            max={range.max}
            className={`form-control${errors.value ? ' is-invalid' : ''}`}
            aria-invalid={errors.value ? true : undefined}
            aria-describedby="limit-value-help"
            {...register('value', { valueAsNumber: true })}
          />
          <span className="input-group-text">{unit}</span>
          {errors.value && <div className="invalid-feedback">{errors.value.message}</div>}
        </div>
        <div id="limit-value-help" className="form-text">
          {t('limit.range', { min: range.min, max: range.max, unit })}
        </div>
      </div>
      <div className="row g-2 mb-3">
        <div className="col-sm-6">
          <label htmlFor="limit-type" className="form-label">
            {t('limit.type')}
          </label>
          <select
            id="limit-type"
            className="form-select"
            {...register('type', {
              // The range changed: re-check an already checked value against it.
              onChange: () => isSubmitted && void trigger('value'),
            })}
          >
            <option value="relative">{t('limit.relative')}</option>
            <option value="absolute">{t('limit.absolute')}</option>
          </select>
        </div>
        <div className="col-sm-6">
          <label htmlFor="limit-persistence" className="form-label">
            {t('limit.persistence')}
          </label>
          <select id="limit-persistence" className="form-select" {...register('persistence')}>
            <option value="nonpersistent" disabled={persistentOnly}>
              {t('limit.nonPersistent')}
            </option>
            <option value="persistent">{t('limit.persistent')}</option>
          </select>
        </div>
      </div>
      <p className="form-text">
        {t('limit.absoluteNote', { minutes: Math.round(Timing.limitDisplayUpdateS / 60) })}
      </p>
      <div className="d-flex justify-content-end">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
          {t('limit.save')}
        </button>
      </div>
    </form>
  );
}

export default withQuery(LimitModal);

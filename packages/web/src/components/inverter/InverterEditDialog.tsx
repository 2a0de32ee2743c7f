import { firstFailure, type Rule } from '@dtu-console/contract/common/validate';
import type { InverterConfig, InverterEditPayload } from '@dtu-console/contract/inverter/api';
import { InverterLimits } from '@dtu-console/contract/inverter/limits';
import { inverterEditRules } from '@dtu-console/contract/inverter/schemas';
import { useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { AlertMessage } from '../../api/response';
import { Dialog } from '../Dialog';
import {
  type ClientRule,
  CodeAlert,
  type ContractCheck,
  contractResolver,
  maxLengthRule,
  NumberField,
  rangeRule,
  requiredRule,
  SerialField,
  SwitchField,
  serialRules,
  storedSerial,
  TabBar,
  TextField,
  useSettingsTranslation,
} from '../form';

export type InverterEditValues = Omit<InverterConfig, 'type' | 'order'>;

const editRules = (channels: number): ClientRule<InverterEditValues>[] => [
  ...serialRules<InverterEditValues>((v) => v.serial),
  requiredRule('name', (v) => v.name),
  maxLengthRule('name', InverterLimits.nameMaxLength, (v) => v.name),
  rangeRule(
    'reachable_threshold',
    InverterLimits.reachableThresholdMin,
    InverterLimits.reachableThresholdMax,
    (v) => v.reachable_threshold,
  ),
  ...Array.from({ length: channels }, (_, index) => [
    maxLengthRule<InverterEditValues>(
      `channel.${index}.name`,
      InverterLimits.channelNameInputMaxLength,
      (v) => v.channel[index]?.name ?? '',
    ),
    rangeRule<InverterEditValues>(
      `channel.${index}.max_power`,
      InverterLimits.channelMaxPowerMin,
      InverterLimits.channelMaxPowerMax,
      (v) => v.channel[index]?.max_power,
    ),
    rangeRule<InverterEditValues>(
      `channel.${index}.yield_total_offset`,
      InverterLimits.yieldTotalOffsetMin,
      Number.MAX_SAFE_INTEGER,
      (v) => v.channel[index]?.yield_total_offset,
    ),
  ]).flat(),
];

export function toEditPayload(values: InverterEditValues): InverterEditPayload {
  return { ...values, serial: storedSerial(values.serial) ?? values.serial };
}

/** What the contract's edit rules read: the entry as the form holds it, with the serial as stored. */
type EditRuleInput = (typeof inverterEditRules)[number] extends Rule<infer T> ? T : never;

const check: ContractCheck<InverterEditValues> = (values) => {
  const input: EditRuleInput = { ...values, serial: storedSerial(values.serial) ?? values.serial };
  return firstFailure(inverterEditRules, input);
};

const TABS = ['general', 'strings', 'advanced'] as const;
type Tab = (typeof TABS)[number];

interface Props {
  inverter: InverterConfig;
  onSave: (payload: InverterEditPayload) => Promise<AlertMessage>;
  onClose: () => void;
}

/** Edit dialog with the tabs General, String and Advanced. */
export function InverterEditDialog({ inverter, onSave, onClose }: Props) {
  const { t } = useSettingsTranslation();
  const [tab, setTab] = useState<Tab>('general');
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const { type: _type, order: _order, ...values } = inverter;
  const rules = useMemo(() => editRules(inverter.channel.length), [inverter.channel.length]);
  const form = useForm<InverterEditValues>({
    defaultValues: { ...values, serial: values.serial.toUpperCase() },
    resolver: contractResolver(t, rules, check),
    reValidateMode: 'onChange',
  });
  const errors = form.formState.errors;
  const tabHasError = (name: Tab) =>
    name === 'general'
      ? Boolean(errors.serial || errors.name)
      : name === 'strings'
        ? Boolean(errors.channel)
        : Boolean(errors.reachable_threshold);

  const submit = form.handleSubmit(
    async (edited) => {
      setAlert(null);
      const answer = await onSave(toEditPayload(edited));
      if (answer.variant !== 'success') setAlert(answer);
    },
    // A failing field on another tab: open that tab so the message is seen.
    (failed) => {
      const first = TABS.find((name) =>
        name === 'general'
          ? failed.serial || failed.name
          : name === 'strings'
            ? failed.channel
            : failed.reachable_threshold,
      );
      if (first) setTab(first);
    },
  );

  const prefix = `inverter-${inverter.id}`;
  return (
    <Dialog
      title={t('inverter.editTitle', { name: inverter.name })}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button
            type="submit"
            form={`${prefix}-form`}
            className="btn btn-primary"
            disabled={form.formState.isSubmitting}
          >
            {t('form.save')}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={`${prefix}-form`} onSubmit={submit} noValidate>
          <CodeAlert alert={alert} onDismiss={() => setAlert(null)} />
          <TabBar
            tabs={TABS}
            active={tab}
            onSelect={setTab}
            label={(name) => t(`inverter.tab.${name}`)}
            idPrefix={prefix}
            invalid={tabHasError}
          />
          <div role="tabpanel" id={`${prefix}-panel`} aria-labelledby={`${prefix}-tab-${tab}`}>
            {tab === 'general' && (
              <>
                <SerialField name="serial" label={t('inverter.serial')} />
                <TextField
                  idPrefix={prefix}
                  name="name"
                  label={t('inverter.name')}
                  maxLength={InverterLimits.nameMaxLength}
                />
              </>
            )}
            {tab === 'strings' &&
              inverter.channel
                .map((_, index) => `channel.${index}`)
                .map((channel, index) => (
                  <fieldset key={channel} className="mb-3">
                    <legend className="h6">{t('inverter.string', { number: index + 1 })}</legend>
                    <TextField
                      idPrefix={prefix}
                      name={`channel.${index}.name`}
                      label={t('inverter.stringName')}
                      maxLength={InverterLimits.channelNameInputMaxLength}
                    />
                    <NumberField
                      idPrefix={prefix}
                      name={`channel.${index}.max_power`}
                      label={t('inverter.maxPower')}
                      min={InverterLimits.channelMaxPowerMin}
                      max={InverterLimits.channelMaxPowerMax}
                      unit="W"
                      help={t('inverter.maxPowerHint')}
                    />
                    <NumberField
                      idPrefix={prefix}
                      name={`channel.${index}.yield_total_offset`}
                      label={t('inverter.yieldOffset')}
                      min={InverterLimits.yieldTotalOffsetMin}
                      step="any"
                      unit="kWh"
                      help={t('inverter.yieldOffsetHint')}
                    />
                  </fieldset>
                ))}
            {tab === 'advanced' && (
              <>
                <SwitchField idPrefix={prefix} name="poll_enable" label={t('inverter.pollDay')} />
                <SwitchField idPrefix={prefix} name="poll_enable_night" label={t('inverter.pollNight')} />
                <SwitchField idPrefix={prefix} name="command_enable" label={t('inverter.commandDay')} />
                <SwitchField
                  idPrefix={prefix}
                  name="command_enable_night"
                  label={t('inverter.commandNight')}
                />
                <NumberField
                  idPrefix={prefix}
                  name="reachable_threshold"
                  label={t('inverter.reachableThreshold')}
                  min={InverterLimits.reachableThresholdMin}
                  max={InverterLimits.reachableThresholdMax}
                  help={t('inverter.reachableThresholdHint')}
                />
                <SwitchField
                  idPrefix={prefix}
                  name="zero_runtime"
                  label={t('inverter.zeroRuntime')}
                  help={t('inverter.zeroRuntimeHint')}
                />
                <SwitchField
                  idPrefix={prefix}
                  name="zero_day"
                  label={t('inverter.zeroDay')}
                  help={t('inverter.zeroDayHint')}
                />
                <SwitchField
                  idPrefix={prefix}
                  name="yieldday_correction"
                  label={t('inverter.yielddayCorrection')}
                  help={t('inverter.yielddayCorrectionHint')}
                />
                {inverter.type.startsWith('MI-') && (
                  <SwitchField
                    idPrefix={prefix}
                    name="limiter_opt_in"
                    label={t('inverter.limiterOptIn')}
                    help={t('inverter.limiterOptInHint')}
                  />
                )}
              </>
            )}
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}

/**
 * Settings → Inverter: the Hoymiles Wi-Fi devices (HMS-xxxW inverters, DTU-Pro, DTU-Lite). A settings form
 * like the others: the device list is a field array, edited row by row, checked with the contract's rules
 * before it is sent and saved as a whole; each row shows the device's state from /api/wifi/status.
 */
import type { WifiConfig, WifiDeviceConfig } from '@dtu-console/contract/wifi/api';
import { WifiLimits } from '@dtu-console/contract/wifi/limits';
import { type WifiConfigPayload, wifiConfigRules } from '@dtu-console/contract/wifi/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { errorAlert, responseAlert } from '../../api/response';
import { rebootWifiDevice, saveWifiConfig, wifiConfigQuery, wifiStatusQuery } from '../../api/wifi';
import { WIFI_NS } from '../../i18n';
import { AlertBox } from '../AlertBox';
import { FormCard } from '../FormCard';
import {
  type ClientRule,
  NumberField,
  rangeRule,
  rulesCheck,
  SettingsForm,
  type SettingsFormHandle,
  useSettingsForm,
} from '../form';
import { wifiModelText } from './modelText';
import { STATE_CLASS } from './stateClass';
import { useWifiTranslation } from './useWifiTranslation';
import { WifiDeviceEditor } from './WifiDeviceEditor';

export interface WifiValues {
  devices: WifiDeviceConfig[];
  limit_interval_min: number;
}

const toValues = (config: WifiConfig): WifiValues => ({
  devices: config.devices,
  limit_interval_min: config.limit_interval_min,
});
const toPayload = (values: WifiValues): WifiConfigPayload => values;
const rules: readonly ClientRule<WifiValues>[] = [
  rangeRule(
    'limit_interval_min',
    WifiLimits.limitIntervalMin,
    WifiLimits.limitIntervalMax,
    (v) => v.limit_interval_min,
  ),
];
const check = rulesCheck(wifiConfigRules, toPayload);

const NEW_DEVICE: WifiDeviceConfig = {
  name: '',
  host: '',
  port: WifiLimits.defaultPort,
  enabled: true,
  poll_interval: WifiLimits.pollIntervalDefault,
};

export function WifiDevicesCard() {
  const { t } = useWifiTranslation();
  const settings = useSettingsForm({
    query: wifiConfigQuery,
    toValues,
    toPayload,
    save: saveWifiConfig,
    rules,
    check,
    namespace: WIFI_NS,
  });
  const { query } = settings;
  if (!query.data) {
    return (
      <FormCard title={t('wifi.title')}>
        <p className="text-body-secondary small">{t('wifi.intro')}</p>
        <AlertBox alert={query.isError ? errorAlert(query.error) : null} />
      </FormCard>
    );
  }
  return (
    <SettingsForm settings={settings} saveLabel={t('wifi.save')}>
      <FormCard title={t('wifi.title')}>
        <p className="text-body-secondary small">{t('wifi.intro')}</p>
        <DeviceList settings={settings} />
        <NumberField
          idPrefix="wifi"
          name="limit_interval_min"
          label={t('wifi.limitInterval')}
          min={WifiLimits.limitIntervalMin}
          max={WifiLimits.limitIntervalMax}
          help={t('wifi.limitHint')}
        />
      </FormCard>
    </SettingsForm>
  );
}

/** Which row the editor is open on, and what to go back to on Cancel (nothing: the row was just added). */
interface Editing {
  index: number;
  before: WifiDeviceConfig | null;
}

function DeviceList({ settings }: { settings: SettingsFormHandle<WifiValues> }) {
  const { t } = useWifiTranslation();
  const { control, formState } = useFormContext<WifiValues>();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'devices' });
  const devices = useWatch({ control, name: 'devices' }) ?? [];
  const status = useQuery(wifiStatusQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const listError = get(formState.errors, 'devices') as { message?: string } | undefined;

  const stateOf = (device: WifiDeviceConfig) =>
    status.data?.devices.find((d) => d.host === device.host && d.port === device.port);

  const reboot = async (index: number) => {
    try {
      settings.setAlert(responseAlert(t, await rebootWifiDevice(index)));
    } catch (error) {
      settings.setAlert(errorAlert(error));
    }
  };

  const cancel = (open: Editing) => {
    if (open.before === null) remove(open.index);
    else update(open.index, open.before);
    setEditing(null);
  };

  return (
    <>
      {fields.length === 0 ? (
        <p data-testid="wifi-none">{t('wifi.none')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="wifi-devices">
            <thead>
              <tr>
                <th>{t('wifi.name')}</th>
                <th>{t('wifi.host')}</th>
                <th>{t('wifi.pollInterval')}</th>
                <th>{t('wifi.state')}</th>
                <th>{t('wifi.inverters')}</th>
                <th className="text-end">{t('wifi.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => {
                const device = devices[index] ?? field;
                const state = stateOf(device);
                const stateName = device.enabled ? (state?.state ?? 'connecting') : 'disabled';
                return (
                  <tr key={field.id}>
                    <td>{device.name}</td>
                    <td>
                      <code>
                        {device.host}:{device.port}
                      </code>
                      {state?.serial ? (
                        <div className="small text-body-secondary" data-testid="wifi-model">
                          {wifiModelText(state, t)}
                        </div>
                      ) : null}
                    </td>
                    <td>{device.poll_interval}</td>
                    <td>
                      <span
                        className={`badge ${STATE_CLASS[stateName] ?? 'text-bg-secondary'}`}
                        data-testid="wifi-state"
                      >
                        {t(`wifi.states.${stateName}`)}
                      </span>
                      {state?.last_problem ? (
                        <div
                          className="small text-body-secondary"
                          data-testid="wifi-problem"
                          title={`${t('wifi.lastError')}: ${state.last_error}`}
                        >
                          {t(`wifi.problems.${state.last_problem}`)}
                        </div>
                      ) : null}
                    </td>
                    <td className="small">{state?.inverters.join(', ') ?? ''}</td>
                    <td className="text-end text-nowrap">
                      {/* A restart names the device by its place in the saved list: only while nothing is changed. */}
                      {state?.state === 'online' && !formState.isDirty && (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary me-1"
                          title={t('wifi.rebootHint')}
                          onClick={() => void reboot(index)}
                        >
                          {t('wifi.reboot')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary me-1"
                        disabled={editing !== null}
                        onClick={() => setEditing({ index, before: { ...device } })}
                      >
                        {t('wifi.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        disabled={editing !== null}
                        onClick={() => remove(index)}
                      >
                        {t('wifi.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {listError?.message && (
        <div className="alert alert-warning" role="alert" data-testid="wifi-list-error">
          {listError.message}
        </div>
      )}
      {editing ? (
        <WifiDeviceEditor
          index={editing.index}
          onApply={() => setEditing(null)}
          onCancel={() => cancel(editing)}
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary mb-3"
          disabled={fields.length >= WifiLimits.maxDevices}
          onClick={() => {
            append({ ...NEW_DEVICE });
            setEditing({ index: fields.length, before: null });
          }}
        >
          {t('wifi.add')}
        </button>
      )}
    </>
  );
}

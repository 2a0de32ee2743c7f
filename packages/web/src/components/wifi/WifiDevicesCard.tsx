/**
 * Settings → Inverter: the Hoymiles Wi-Fi devices (HMS-xxxW inverters, DTU-Pro, DTU-Lite). Add, edit and
 * remove devices in a list, then save the list; each row shows the device's state from /api/wifi/status.
 * The gateway checks every value again with the same contract rules (answers shown as the card's alert).
 */
import type { WifiDeviceConfig, WifiDeviceStatus } from '@dtu-console/contract/api/wifi';
import { WifiLimits } from '@dtu-console/contract/limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlertMessage, errorAlert, responseAlert } from '../../api/response';
import { rebootWifiDevice, saveWifiConfig, wifiConfigQuery, wifiStatusQuery } from '../../api/wifi';
import { EXTRA_NS, SETTINGS_NS, WIFI_NS } from '../../i18n';
import { AlertBox } from '../AlertBox';
import { FormCard } from '../FormCard';

function useWifiTranslation() {
  return useTranslation([WIFI_NS, SETTINGS_NS, EXTRA_NS], { nsMode: 'fallback' });
}

const NEW_DEVICE: WifiDeviceConfig = {
  name: '',
  host: '',
  port: WifiLimits.defaultPort,
  enabled: true,
  poll_interval: WifiLimits.pollIntervalDefault,
};

const STATE_CLASS: Record<string, string> = {
  online: 'text-bg-success',
  connecting: 'text-bg-secondary',
  disabled: 'text-bg-secondary',
  unreachable: 'text-bg-warning',
  refused: 'text-bg-danger',
  'encrypted-without-key': 'text-bg-danger',
};

export function WifiDevicesCard() {
  const { t } = useWifiTranslation();
  const queryClient = useQueryClient();
  const config = useQuery(wifiConfigQuery);
  const status = useQuery(wifiStatusQuery);
  const [devices, setDevices] = useState<WifiDeviceConfig[]>([]);
  const [limitInterval, setLimitInterval] = useState<number>(WifiLimits.limitIntervalDefault);
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<{ index: number | null; value: WifiDeviceConfig } | null>(null);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!config.data || dirty) return;
    setDevices(config.data.devices);
    setLimitInterval(config.data.limit_interval_min);
  }, [config.data, dirty]);

  const stateOf = (device: WifiDeviceConfig): WifiDeviceStatus | undefined =>
    status.data?.devices.find((d) => d.host === device.host && d.port === device.port);

  const change = (next: WifiDeviceConfig[]) => {
    setDevices(next);
    setDirty(true);
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = responseAlert(t, await saveWifiConfig({ devices, limit_interval_min: limitInterval }));
      setAlert(answer);
      if (answer.variant === 'success') {
        setDirty(false);
        await queryClient.invalidateQueries({ queryKey: ['wifi'] });
      }
    } catch (error) {
      setAlert(errorAlert(error));
    } finally {
      setSaving(false);
    }
  };

  const reboot = async (index: number) => {
    try {
      setAlert(responseAlert(t, await rebootWifiDevice(index)));
    } catch (error) {
      setAlert(errorAlert(error));
    }
  };

  return (
    <FormCard title={t('wifi.title')}>
      <p className="text-body-secondary small">{t('wifi.intro')}</p>
      <AlertBox alert={alert ?? (config.isError ? errorAlert(config.error) : null)} />
      {devices.length === 0 ? (
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
              {devices.map((device, index) => {
                const state = stateOf(device);
                const stateName = device.enabled ? (state?.state ?? 'connecting') : 'disabled';
                return (
                  <tr key={`${device.host}:${device.port}`}>
                    <td>{device.name}</td>
                    <td>
                      <code>
                        {device.host}:{device.port}
                      </code>
                      {state?.model ? <div className="small text-body-secondary">{state.model}</div> : null}
                    </td>
                    <td>{device.poll_interval}</td>
                    <td>
                      <span
                        className={`badge ${STATE_CLASS[stateName] ?? 'text-bg-secondary'}`}
                        data-testid="wifi-state"
                      >
                        {t(`wifi.states.${stateName}`)}
                      </span>
                      {state?.last_error ? (
                        <div className="small text-body-secondary" title={t('wifi.lastError')}>
                          {state.last_error}
                        </div>
                      ) : null}
                    </td>
                    <td className="small">{state?.inverters.join(', ') ?? ''}</td>
                    <td className="text-end text-nowrap">
                      {state?.state === 'online' && !dirty && (
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
                        onClick={() => setEditing({ index, value: { ...device } })}
                      >
                        {t('wifi.edit')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-danger"
                        onClick={() => change(devices.filter((_, i) => i !== index))}
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
      {editing ? (
        <DeviceEditor
          value={editing.value}
          onCancel={() => setEditing(null)}
          onApply={(value) => {
            change(
              editing.index === null
                ? [...devices, value]
                : devices.map((d, i) => (i === editing.index ? value : d)),
            );
            setEditing(null);
          }}
        />
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary mb-3"
          disabled={devices.length >= WifiLimits.maxDevices}
          onClick={() => setEditing({ index: null, value: { ...NEW_DEVICE } })}
        >
          {t('wifi.add')}
        </button>
      )}
      <div className="mb-3">
        <label className="form-label" htmlFor="wifi-limit-interval">
          {t('wifi.limitInterval')}
        </label>
        <input
          id="wifi-limit-interval"
          className="form-control"
          type="number"
          min={WifiLimits.limitIntervalMin}
          max={WifiLimits.limitIntervalMax}
          value={limitInterval}
          onChange={(e) => {
            setLimitInterval(Number(e.target.value));
            setDirty(true);
          }}
        />
        <div className="form-text">{t('wifi.limitHint')}</div>
      </div>
      {dirty ? <p className="text-warning small">{t('wifi.unsaved')}</p> : null}
      <button type="button" className="btn btn-primary" disabled={saving} onClick={() => void save()}>
        {t('wifi.save')}
      </button>
    </FormCard>
  );
}

function DeviceEditor({
  value,
  onApply,
  onCancel,
}: {
  value: WifiDeviceConfig;
  onApply: (value: WifiDeviceConfig) => void;
  onCancel: () => void;
}) {
  const { t } = useWifiTranslation();
  const [draft, setDraft] = useState(value);
  const set = (patch: Partial<WifiDeviceConfig>) => setDraft({ ...draft, ...patch });
  return (
    <fieldset className="border rounded p-3 mb-3" data-testid="wifi-editor">
      <div className="row g-2">
        <div className="col-md-4">
          <label className="form-label" htmlFor="wifi-name">
            {t('wifi.name')}
          </label>
          <input
            id="wifi-name"
            className="form-control"
            maxLength={WifiLimits.nameMaxLength}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div className="col-md-5">
          <label className="form-label" htmlFor="wifi-host">
            {t('wifi.host')}
          </label>
          <input
            id="wifi-host"
            className="form-control"
            maxLength={WifiLimits.hostMaxLength}
            value={draft.host}
            onChange={(e) => set({ host: e.target.value })}
          />
        </div>
        <div className="col-md-3">
          <label className="form-label" htmlFor="wifi-port">
            {t('wifi.port')}
          </label>
          <input
            id="wifi-port"
            className="form-control"
            type="number"
            min={WifiLimits.portMin}
            max={WifiLimits.portMax}
            value={draft.port}
            onChange={(e) => set({ port: Number(e.target.value) })}
          />
        </div>
        <div className="col-md-4">
          <label className="form-label" htmlFor="wifi-poll">
            {t('wifi.pollInterval')}
          </label>
          <input
            id="wifi-poll"
            className="form-control"
            type="number"
            min={WifiLimits.pollIntervalMin}
            max={WifiLimits.pollIntervalMax}
            value={draft.poll_interval}
            onChange={(e) => set({ poll_interval: Number(e.target.value) })}
          />
        </div>
        <div className="col-md-8 d-flex align-items-end">
          <div className="form-check form-switch mb-2">
            <input
              id="wifi-enabled"
              className="form-check-input"
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => set({ enabled: e.target.checked })}
            />
            <label className="form-check-label" htmlFor="wifi-enabled">
              {t('wifi.enabled')}
            </label>
          </div>
        </div>
      </div>
      <div className="form-text mb-2">{t('wifi.pollHint')}</div>
      <button type="button" className="btn btn-sm btn-primary me-2" onClick={() => onApply(draft)}>
        {t('wifi.apply')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
        {t('wifi.cancel')}
      </button>
    </fieldset>
  );
}

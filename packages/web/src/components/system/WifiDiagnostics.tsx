/** System info: the Wi-Fi devices and their inverters, with what the gateway counts about each device. */
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense } from 'react';
import { wifiCurveQuery, wifiStatusQuery } from '../../api/wifi';
import { useFormat } from '../../i18n/format';
import { InfoCard } from '../InfoCard';
import { wifiModelText } from '../wifi/modelText';
import { STATE_CLASS } from '../wifi/stateClass';
import { useWifiTranslation } from '../wifi/useWifiTranslation';

/** The history's chart comes with the first curve, not with System info. */
const WifiCurveChart = lazy(() => import('./WifiCurveChart'));

export function WifiDiagnostics() {
  const { t } = useWifiTranslation();
  const f = useFormat();
  // System info is a snapshot with its own Reload button: no polling here (the devices card polls).
  const status = useQuery({ ...wifiStatusQuery, refetchInterval: false });
  const devices = status.data?.devices ?? [];
  const curves = useQuery({ ...wifiCurveQuery, enabled: devices.length > 0 });
  // Most plants have no Wi-Fi device: no empty card for them.
  if (devices.length === 0) return null;
  return (
    <InfoCard
      title={t('wifi.diagnostics.title')}
      wide
      after={
        <>
          <div className="table-responsive">
            <table className="table table-sm mb-0" data-testid="wifi-diagnostics">
              <thead>
                <tr>
                  <th>{t('wifi.diagnostics.device')}</th>
                  <th>{t('wifi.state')}</th>
                  <th>{t('wifi.inverters')}</th>
                  <th>{t('wifi.diagnostics.lastAnswer')}</th>
                  <th className="text-end">{t('wifi.diagnostics.polls')}</th>
                  <th className="text-end" title={t('wifi.diagnostics.failedPollsHint')}>
                    {t('wifi.diagnostics.failedPolls')}
                  </th>
                  <th className="text-end" title={t('wifi.diagnostics.badFramesHint')}>
                    {t('wifi.diagnostics.badFrames')}
                  </th>
                  <th className="text-end" title={t('wifi.diagnostics.signalHint')}>
                    {t('wifi.diagnostics.signal')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {devices.map((device) => (
                  <tr key={`${device.host}:${device.port}`} data-testid="wifi-diagnostics-device">
                    <td>
                      {device.name}
                      <div className="small text-body-secondary">
                        {[wifiModelText(device, t), device.serial, device.firmware]
                          .filter(Boolean)
                          .join(' · ')}
                      </div>
                    </td>
                    <td>
                      <span className={`badge ${STATE_CLASS[device.state] ?? 'text-bg-secondary'}`}>
                        {t(`wifi.states.${device.state}`)}
                      </span>
                    </td>
                    <td>
                      {/* Serials stay whole; a narrow card breaks between them. */}
                      {device.inverters.length === 0
                        ? '–'
                        : device.inverters.map((serial, index) => (
                            <Fragment key={serial}>
                              {index > 0 && ', '}
                              <span className="text-nowrap">{serial}</span>
                            </Fragment>
                          ))}
                    </td>
                    <td>
                      {device.last_answer > 0
                        ? f.dateTime(new Date(device.last_answer * 1000))
                        : t('wifi.diagnostics.never')}
                    </td>
                    <td className="text-end" data-testid="wifi-diagnostics-polls">
                      {f.number(device.polls)}
                    </td>
                    <td className="text-end" data-testid="wifi-diagnostics-failed">
                      {f.number(device.failed_polls)}
                    </td>
                    <td className="text-end">{f.number(device.bad_frames)}</td>
                    <td className="text-end" data-testid="wifi-diagnostics-signal">
                      {device.signal === null ? t('wifi.diagnostics.notReported') : f.number(device.signal)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {(curves.data?.devices ?? []).map(({ name, curve }, index) =>
            curve && curve.power_w.length > 0 ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the devices' order is the settings' order
              <div key={index} className="card-body border-top">
                <Suspense fallback={null}>
                  <WifiCurveChart name={name} curve={curve} />
                </Suspense>
              </div>
            ) : null,
          )}
        </>
      }
    />
  );
}

/** The fields of one Wi-Fi device of the card's list, bound to `devices.<index>` of the card's form. */
import { WifiLimits } from '@dtu-console/contract/wifi/limits';
import { NumberField, SwitchField, TextField } from '../form';
import { useWifiTranslation } from './useWifiTranslation';

export function WifiDeviceEditor({
  index,
  onApply,
  onCancel,
}: {
  index: number;
  onApply: () => void;
  onCancel: () => void;
}) {
  const { t } = useWifiTranslation();
  const name = (field: string) => `devices.${index}.${field}`;
  return (
    <fieldset className="border rounded p-3 mb-3" data-testid="wifi-editor">
      <TextField
        idPrefix="wifi"
        name={name('name')}
        label={t('wifi.name')}
        maxLength={WifiLimits.nameMaxLength}
      />
      <TextField
        idPrefix="wifi"
        name={name('host')}
        label={t('wifi.host')}
        maxLength={WifiLimits.hostMaxLength}
      />
      <NumberField
        idPrefix="wifi"
        name={name('port')}
        label={t('wifi.port')}
        min={WifiLimits.portMin}
        max={WifiLimits.portMax}
      />
      <NumberField
        idPrefix="wifi"
        name={name('poll_interval')}
        label={t('wifi.pollInterval')}
        min={WifiLimits.pollIntervalMin}
        max={WifiLimits.pollIntervalMax}
        help={t('wifi.pollHint')}
      />
      <SwitchField idPrefix="wifi" name={name('enabled')} label={t('wifi.enabled')} />
      <button type="button" className="btn btn-sm btn-primary me-2" onClick={onApply}>
        {t('wifi.apply')}
      </button>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel}>
        {t('wifi.cancel')}
      </button>
    </fieldset>
  );
}

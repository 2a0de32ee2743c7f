import {
  batteryConfigQuery,
  saveBatteryConfig,
  saveSolarChargerConfig,
  solarChargerConfigQuery,
} from '../api/battery';
import { BatteryFields } from '../components/battery/BatteryFields';
import {
  batteryRules,
  checkBattery,
  toBatteryPayload,
  toBatteryValues,
} from '../components/battery/battery-values';
import { ChargerFields } from '../components/battery/ChargerFields';
import {
  chargerRules,
  checkCharger,
  toChargerPayload,
  toChargerValues,
} from '../components/battery/charger-values';
import { useBatteryTranslation } from '../components/battery/labels';
import { BatteryStatusCard, ChargerStatusCard } from '../components/battery/SourceStatus';
import { SettingsForm, useSettingsForm } from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { BATTERY_NS } from '../i18n';
import { withQuery } from '../lib/query';

/**
 * /settings/battery: the battery's source and the solar charge controllers' (docs/battery.md), two forms
 * each saved on its own, each with what its saved source reports now below it.
 */
function BatterySettingsPage() {
  const battery = useSettingsForm({
    query: batteryConfigQuery,
    toValues: toBatteryValues,
    toPayload: toBatteryPayload,
    save: saveBatteryConfig,
    rules: batteryRules,
    check: checkBattery,
    namespace: BATTERY_NS,
  });
  const chargers = useSettingsForm({
    query: solarChargerConfigQuery,
    toValues: toChargerValues,
    toPayload: toChargerPayload,
    save: saveSolarChargerConfig,
    rules: chargerRules,
    check: checkCharger,
    namespace: BATTERY_NS,
  });
  const { t } = useBatteryTranslation();
  const reload = () => {
    battery.reload();
    chargers.reload();
  };
  return (
    <PageFrame
      title={t('batteryadmin.title')}
      loading={battery.query.isPending || chargers.query.isPending}
      onReload={reload}
    >
      {battery.query.data && (
        <div data-testid="battery-form">
          <SettingsForm settings={battery} saveLabel={t('settings.saveBattery')}>
            <BatteryFields />
          </SettingsForm>
          <BatteryStatusCard />
        </div>
      )}
      {chargers.query.data && (
        <div data-testid="charger-form">
          <SettingsForm settings={chargers} saveLabel={t('settings.saveChargers')}>
            <ChargerFields />
          </SettingsForm>
          <ChargerStatusCard />
        </div>
      )}
    </PageFrame>
  );
}

export default withQuery(BatterySettingsPage);

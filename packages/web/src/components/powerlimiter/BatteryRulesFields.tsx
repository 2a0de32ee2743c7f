import { BatteryLimiterLimits as B } from '@dtu-console/contract/powerlimiter/limits';
import { useWatch } from 'react-hook-form';
import { Link } from '../../lib/navigation';
import { FormCard, NumberField, SwitchField } from '../form';
import { batteryFed, type LimiterFormValues } from './form-values';
import { useLimiterTranslation } from './labels';

/**
 * The battery rules (docs/battery.md): offered once an inverter the limiter governs is fed from the
 * battery; until then one line says when they apply and where the battery itself is set up.
 */
export function BatteryRulesFields() {
  const { t } = useLimiterTranslation();
  const rows = useWatch<LimiterFormValues, 'limiter.inverters'>({ name: 'limiter.inverters' });
  const passthrough = useWatch<LimiterFormValues, 'limiter.battery.passthrough.enabled'>({
    name: 'limiter.battery.passthrough.enabled',
  });
  const fed = batteryFed(rows);
  return (
    <FormCard title={t('settings.battery')}>
      {!fed ? (
        <p className="form-text my-0" data-testid="limiter-battery-hint">
          {t('settings.batteryUnused')} <Link to="/settings/battery">{t('settings.toBattery')}</Link>
        </p>
      ) : (
        <div data-testid="limiter-battery-rules">
          <p className="form-text mt-0">
            {t('settings.batteryHint')} <Link to="/settings/battery">{t('settings.toBattery')}</Link>
          </p>
          <NumberField
            name="limiter.battery.start_soc"
            label={t('settings.startSoc')}
            help={t('settings.startSocHint')}
            min={B.socMin}
            max={B.socMax}
            step={1}
            unit="%"
          />
          <NumberField
            name="limiter.battery.stop_soc"
            label={t('settings.stopSoc')}
            help={t('settings.stopSocHint')}
            min={B.socMin}
            max={B.socMax}
            step={1}
            unit="%"
          />
          <NumberField
            name="limiter.battery.start_voltage"
            label={t('settings.startVoltage')}
            help={t('settings.voltageHint')}
            min={0}
            max={B.voltageMax}
            step="any"
            unit="V"
          />
          <NumberField
            name="limiter.battery.stop_voltage"
            label={t('settings.stopVoltage')}
            min={0}
            max={B.voltageMax}
            step="any"
            unit="V"
          />
          <NumberField
            name="limiter.battery.load_correction_v_per_kw"
            label={t('settings.loadCorrection')}
            help={t('settings.loadCorrectionHint')}
            min={0}
            max={B.loadCorrectionMax}
            step="any"
            unit="V/kW"
          />
          <SwitchField
            name="limiter.battery.discharge_at_night"
            label={t('settings.dischargeAtNight')}
            help={t('settings.dischargeAtNightHint')}
          />
          <SwitchField
            name="limiter.battery.passthrough.enabled"
            label={t('settings.passthrough')}
            help={t('settings.passthroughHint')}
          />
          {passthrough && (
            <>
              <NumberField
                name="limiter.battery.passthrough.margin_w"
                label={t('settings.passthroughMargin')}
                min={0}
                max={B.passthroughMarginMax}
                step={1}
                unit="W"
              />
              <NumberField
                name="limiter.battery.passthrough.full_soc"
                label={t('settings.fullSoc')}
                help={t('settings.fullSocHint')}
                min={B.socMin}
                max={B.socMax}
                step={1}
                unit="%"
              />
            </>
          )}
        </div>
      )}
    </FormCard>
  );
}

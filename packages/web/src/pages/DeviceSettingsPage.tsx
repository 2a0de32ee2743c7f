import type { CurPin, DeviceConfig, PinMappingProfile } from '@dtu-console/contract/device/api';
import {
  DeviceLimits,
  DiagramMode,
  DisplayLanguage,
  DisplayRotationDeg,
} from '@dtu-console/contract/device/limits';
import { deviceConfigRules } from '@dtu-console/contract/device/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { deviceConfigQuery, pinMappingQuery, saveDeviceConfig } from '../api/device';
import { Alert } from '../components/AlertBox';
import {
  type ClientRule,
  NumberField,
  RangeField,
  rangeRule,
  rulesCheck,
  SelectField,
  SettingsForm,
  SwitchField,
  TabBar,
  useSettingsForm,
  useSettingsTranslation,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { withQuery } from '../lib/query';
import '../styles/tables.scss';

interface DeviceValues {
  profile: string;
  display: DeviceConfig['display'];
  led: { brightness: number }[];
  equalBrightness: boolean;
}

const allEqual = (leds: { brightness: number }[]) =>
  leds.every((led) => led.brightness === leds[0]?.brightness);

const toValues = (config: DeviceConfig): DeviceValues => ({
  // An empty name means no profile chosen yet, which the console shows (and saves) as "Default".
  profile: config.curPin.name || DeviceLimits.defaultProfileName,
  display: { ...config.display },
  led: config.led.map((led) => ({ brightness: led.brightness })),
  equalBrightness: allEqual(config.led),
});

const toPayload = (values: DeviceValues) => ({
  curPin: { name: values.profile },
  display: values.display,
  led: values.led,
});

const rules: readonly ClientRule<DeviceValues>[] = [
  rangeRule(
    'display.diagramduration',
    DeviceLimits.diagramDurationMin,
    DeviceLimits.diagramDurationMax,
    (v) => v.display.diagramduration,
  ),
];
const check = rulesCheck(deviceConfigRules, toPayload);

const TABS = ['pins', 'display', 'leds'] as const;
type Tab = (typeof TABS)[number];

/** /settings/device: pin profile, display and LEDs in one form over three tabs. */
function DeviceSettingsPage() {
  const settings = useSettingsForm({
    query: deviceConfigQuery,
    toValues,
    toPayload,
    save: saveDeviceConfig,
    rules,
    check,
  });
  const { t, query } = settings;
  const [tab, setTab] = useState<Tab>('pins');
  return (
    <PageFrame title={t('deviceadmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings} reloadLabel={t('form.cancel')}>
          <div className="card mb-3">
            <div className="card-header">
              <TabBar
                tabs={TABS}
                active={tab}
                onSelect={setTab}
                label={(name) => t(`device.tab.${name}`)}
                idPrefix="device"
                className="nav nav-tabs card-header-tabs"
              />
            </div>
            <div
              className="card-body"
              role="tabpanel"
              id="device-panel"
              aria-labelledby={`device-tab-${tab}`}
            >
              {tab === 'pins' && <PinsTab current={query.data.curPin} />}
              {tab === 'display' && <DisplayTab />}
              {tab === 'leds' && <LedsTab />}
            </div>
          </div>
        </SettingsForm>
      )}
    </PageFrame>
  );
}

function PinsTab({ current }: { current: CurPin }) {
  const { t } = useSettingsTranslation();
  const mapping = useQuery(pinMappingQuery);
  const chosen = useWatch<DeviceValues, 'profile'>({ name: 'profile' });
  const profiles = mapping.data ?? [];
  const names = profiles.map((profile) => profile.name);
  const currentName = current.name || DeviceLimits.defaultProfileName;
  if (!names.includes(currentName)) names.unshift(currentName);
  const shown: PinMappingProfile | undefined =
    profiles.find((profile) => profile.name === chosen) ?? (chosen === currentName ? current : undefined);
  return (
    <>
      {mapping.isError && (
        <Alert variant="danger">{t('device.mappingError', { message: mapping.error.message })}</Alert>
      )}
      <SelectField
        name="profile"
        label={t('device.profile')}
        help={t('device.profileHint')}
        choices={names.map((name) => ({ value: name, label: name }))}
      />
      {shown?.links && shown.links.length > 0 && (
        <p>
          {shown.links.map((link) => (
            <a key={link.url} href={link.url} target="_blank" rel="noreferrer" className="me-3">
              {link.name}
            </a>
          ))}
        </p>
      )}
      {shown && <PinOverview profile={shown} />}
    </>
  );
}

const PIN_GROUPS = ['nrf24', 'cmt', 'w5500', 'eth', 'display', 'led'] as const;

/** Every pin of the profile, grouped by the part it belongs to; -1 means not connected. */
function PinOverview({ profile }: { profile: PinMappingProfile }) {
  const { t } = useSettingsTranslation();
  const groups = PIN_GROUPS.filter((group) => profile[group] !== undefined);
  return (
    <div className="table-responsive">
      <table className="table table-sm" data-testid="pin-overview">
        <caption className="caption-top">{t('device.pinOverview')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('device.pinGroup')}</th>
            <th scope="col">{t('device.pinName')}</th>
            <th scope="col">{t('device.pinValue')}</th>
          </tr>
        </thead>
        {/* A part's pins are a row group: its name heads them all, in one cell spanning their rows. */}
        {groups.map((group) => {
          const pins = Object.entries(profile[group] ?? {});
          return (
            <tbody key={group}>
              {pins.map(([pin, value], index) => (
                <tr key={pin}>
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={pins.length}>
                      {t(`device.group.${group}`)}
                    </th>
                  )}
                  <td className="font-monospace">{pin}</td>
                  <td>
                    <PinValue value={value} />
                  </td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

/** A GPIO number; -1 (not connected) as a dash, so the table stays narrow on a phone. */
function PinValue({ value }: { value: unknown }) {
  const { t } = useSettingsTranslation();
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (value !== -1) return String(value);
  return (
    <span className="text-body-secondary" title={t('device.notConnected')}>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">{t('device.notConnected')}</span>
    </span>
  );
}

function DisplayTab() {
  const { t } = useSettingsTranslation();
  return (
    <>
      <SwitchField name="display.power_safe" label={t('device.powerSafe')} help={t('device.powerSafeHint')} />
      <SwitchField
        name="display.screensaver"
        label={t('device.screensaver')}
        help={t('device.screensaverHint')}
      />
      <SelectField
        name="display.diagrammode"
        numeric
        label={t('device.diagramMode')}
        choices={[DiagramMode.Off, DiagramMode.Small, DiagramMode.Fullscreen].map((mode) => ({
          value: mode,
          label: t(`device.diagram.${mode}`),
        }))}
      />
      <NumberField
        name="display.diagramduration"
        label={t('device.diagramDuration')}
        min={DeviceLimits.diagramDurationMin}
        max={DeviceLimits.diagramDurationMax}
        unit={t('device.seconds')}
        help={t('device.diagramDurationHint')}
      />
      <SelectField
        name="display.locale"
        label={t('device.language')}
        choices={Object.keys(DisplayLanguage).map((code) => ({
          value: code,
          label: t(`device.languages.${code}`),
        }))}
      />
      <SelectField
        name="display.rotation"
        numeric
        label={t('device.rotation')}
        choices={DisplayRotationDeg.map((deg, index) => ({ value: index, label: `${deg}°` }))}
      />
      <RangeField
        name="display.contrast"
        label={t('device.contrast')}
        min={DeviceLimits.contrastMin}
        max={DeviceLimits.contrastMax}
        display={(value) => `${value} %`}
      />
    </>
  );
}

/** The equal-brightness switch makes every LED follow the first one. */
function LedsTab() {
  const { t } = useSettingsTranslation();
  const { setValue, getValues } = useFormContext<DeviceValues>();
  const [equal, first] = useWatch<DeviceValues, ['equalBrightness', 'led.0.brightness']>({
    name: ['equalBrightness', 'led.0.brightness'],
  });
  const count = getValues('led').length;
  useEffect(() => {
    if (!equal) return;
    for (let index = 1; index < count; index += 1) {
      if (getValues(`led.${index}.brightness`) !== first) {
        setValue(`led.${index}.brightness`, first, { shouldDirty: true });
      }
    }
  }, [equal, first, count, getValues, setValue]);
  return (
    <>
      <SwitchField name="equalBrightness" label={t('device.equalBrightness')} />
      {Array.from({ length: equal ? 1 : count }, (_, index) => `led.${index}.brightness`).map(
        (name, index) => (
          <RangeField
            key={name}
            name={name}
            label={equal ? t('device.allLedsBrightness') : t('device.ledBrightness', { index })}
            min={DeviceLimits.ledBrightnessMin}
            max={DeviceLimits.ledBrightnessMax}
            display={(value) => `${value} %`}
          />
        ),
      )}
    </>
  );
}

export default withQuery(DeviceSettingsPage);

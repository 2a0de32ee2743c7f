import { isEnvelope } from '@dtu-console/contract/common/envelope';
import { firstFailure } from '@dtu-console/contract/common/validate';
import type { NetworkConfig } from '@dtu-console/contract/network/api';
import { NetworkLimits } from '@dtu-console/contract/network/limits';
import {
  networkAddressRules,
  networkCodelessRules,
  networkTailRules,
} from '@dtu-console/contract/network/schemas';
import { useWatch } from 'react-hook-form';
import { networkConfigQuery, saveNetworkConfig } from '../api/network';
import {
  type ClientRule,
  type ContractCheck,
  FormCard,
  maxLengthRule,
  NumberField,
  rangeRule,
  SettingsForm,
  SwitchField,
  TextField,
  useSettingsForm,
  useSettingsTranslation,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { i18n, SETTINGS_NS } from '../i18n';
import { withQuery } from '../lib/query';

type NetworkValues = NetworkConfig;

const toValues = (config: NetworkConfig): NetworkValues => ({ ...config });
const toPayload = (values: NetworkValues): NetworkConfig => values;

const ADDRESSES = ['ipaddress', 'netmask', 'gateway', 'dns1', 'dns2'] as const;

/** The input bounds (docs/console.md); the gateway's own checks follow in `check`. */
const rules: readonly ClientRule<NetworkValues>[] = [
  maxLengthRule('ssid', NetworkLimits.ssidMaxLength, (v) => v.ssid),
  maxLengthRule('password', NetworkLimits.passwordInputMaxLength, (v) => v.password),
  maxLengthRule('hostname', NetworkLimits.hostnameInputMaxLength, (v) => v.hostname),
  ...ADDRESSES.map((field) =>
    maxLengthRule<NetworkValues>(field, NetworkLimits.addressInputMaxLength, (v) => v[field]),
  ),
  rangeRule('aptimeout', NetworkLimits.apTimeoutMin, NetworkLimits.apTimeoutMax, (v) => v.aptimeout),
];

/**
 * The gateway's checks in its order: the five addresses (even with DHCP on, when their card is hidden and
 * the failure shows above the form), the three length checks it answers without a code, then the AP
 * timeout and syslog. This gateway runs on a host network, so the SSID is not required.
 */
const check: ContractCheck<NetworkValues> = (values) => {
  const address = firstFailure(networkAddressRules, values);
  if (address) return values.dhcp ? { ...address, field: undefined } : address;
  const codeless = networkCodelessRules.find((rule) => rule.fails(values, { stationMode: false }));
  if (codeless) return { field: codeless.field, key: `network.invalid.${codeless.field}` };
  return firstFailure(networkTailRules, values);
};

/** The gateway answers its three length checks without a code; they are shown in the console's language. */
async function save(payload: NetworkConfig) {
  const answer = await saveNetworkConfig(payload);
  if (isEnvelope(answer)) return answer;
  const rule = networkCodelessRules.find((candidate) => candidate.message === answer.message);
  return rule ? { ...answer, message: i18n.t(`network.invalid.${rule.field}`, { ns: SETTINGS_NS }) } : answer;
}

/** /settings/network: what the gateway applies itself (mDNS, syslog) and what it stores for the host. */
function NetworkSettingsPage() {
  const settings = useSettingsForm({
    query: networkConfigQuery,
    toValues,
    toPayload,
    save,
    rules,
    check,
  });
  const { t, query } = settings;
  return (
    <PageFrame title={t('networkadmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <NetworkFields />
        </SettingsForm>
      )}
    </PageFrame>
  );
}

function NetworkFields() {
  const { t } = useSettingsTranslation();
  const [dhcp, syslog] = useWatch<NetworkValues, ['dhcp', 'syslogenabled']>({
    name: ['dhcp', 'syslogenabled'],
  });
  return (
    <>
      <p className="alert alert-info" data-testid="host-note">
        {t('network.hostNote')}
      </p>
      <FormCard title={t('network.wifi')}>
        <TextField name="ssid" label={t('network.ssid')} maxLength={NetworkLimits.ssidMaxLength} />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('network.password')}
          maxLength={NetworkLimits.passwordInputMaxLength}
        />
        <TextField
          name="hostname"
          label={t('network.hostname')}
          maxLength={NetworkLimits.hostnameInputMaxLength}
          help={t('network.hostnameHint', { placeholder: '%06X' })}
        />
        <SwitchField name="dhcp" label={t('network.dhcp')} />
      </FormCard>
      {!dhcp && (
        <FormCard title={t('network.staticIp')}>
          {ADDRESSES.map((field) => (
            <TextField
              key={field}
              name={field}
              label={t(`network.${field}`)}
              maxLength={NetworkLimits.addressInputMaxLength}
            />
          ))}
        </FormCard>
      )}
      <FormCard title={t('network.mdns')}>
        <SwitchField name="mdnsenabled" label={t('network.mdnsEnabled')} help={t('network.mdnsHint')} />
      </FormCard>
      <FormCard title={t('network.syslog')}>
        <SwitchField name="syslogenabled" label={t('network.syslogEnabled')} help={t('network.syslogHint')} />
        {syslog && (
          <>
            <TextField
              name="sysloghostname"
              label={t('network.syslogHostname')}
              maxLength={NetworkLimits.syslogHostnameMaxLength}
            />
            <NumberField
              name="syslogport"
              label={t('network.syslogPort')}
              min={NetworkLimits.syslogPortMin}
              max={NetworkLimits.syslogPortMax}
            />
          </>
        )}
      </FormCard>
      <FormCard title={t('network.accessPoint')}>
        <NumberField
          name="aptimeout"
          label={t('network.apTimeout')}
          min={NetworkLimits.apTimeoutMin}
          max={NetworkLimits.apTimeoutMax}
          unit={t('network.minutes')}
          help={t('network.apTimeoutHint')}
        />
      </FormCard>
    </>
  );
}

export default withQuery(NetworkSettingsPage);

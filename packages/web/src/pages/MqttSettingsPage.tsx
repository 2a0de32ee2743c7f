import { firstFailure } from '@dtu-console/contract/common/validate';
import type { MqttConfig } from '@dtu-console/contract/mqtt/api';
import { MqttLimits, MqttQos } from '@dtu-console/contract/mqtt/limits';
import { type MqttConfigPayload, mqttConfigRules } from '@dtu-console/contract/mqtt/schemas';
import { useWatch } from 'react-hook-form';
import { mqttConfigQuery, saveMqttConfig } from '../api/mqtt';
import {
  type ClientRule,
  type ContractCheck,
  FormCard,
  NumberField,
  rangeRule,
  SelectField,
  SettingsForm,
  SwitchField,
  TextAreaField,
  TextField,
  useSettingsForm,
  useSettingsTranslation,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { withQuery } from '../lib/query';

type MqttValues = MqttConfig;

const toValues = (config: MqttConfig): MqttValues => ({ ...config });
const toPayload = (values: MqttValues): MqttConfigPayload => values;

/** Form bounds the gateway does not check itself; like its checks, only while MQTT is on. */
const formRules: ClientRule<MqttValues>[] = [
  rangeRule<MqttValues>('mqtt_port', MqttLimits.portMin, MqttLimits.portMax, (v) => v.mqtt_port),
  rangeRule<MqttValues>(
    'mqtt_publish_interval',
    MqttLimits.publishIntervalMin,
    MqttLimits.publishIntervalMax,
    (v) => v.mqtt_publish_interval,
  ),
];
const rules = formRules.map((rule) => ({
  ...rule,
  fails: (v: MqttValues) => v.mqtt_enabled && rule.fails(v),
}));

/** The gateway's checks (they too apply only while MQTT is on). */
const check: ContractCheck<MqttValues> = (values) =>
  values.mqtt_enabled ? firstFailure(mqttConfigRules, toPayload(values)) : undefined;

const QOS = [MqttQos.AtMostOnce, MqttQos.AtLeastOnce, MqttQos.ExactlyOnce] as const;
const QOS_NAMES = ['atMostOnce', 'atLeastOnce', 'exactlyOnce'] as const;

/** /settings/mqtt: broker, last will and Home Assistant discovery. */
function MqttSettingsPage() {
  const settings = useSettingsForm({
    query: mqttConfigQuery,
    toValues,
    toPayload,
    save: saveMqttConfig,
    rules,
    check,
  });
  const { t, query } = settings;
  return (
    <PageFrame title={t('mqttadmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <MqttFields />
        </SettingsForm>
      )}
    </PageFrame>
  );
}

/** Every card but the first needs MQTT on; Home Assistant also needs discovery on. */
export function MqttFields() {
  const { t } = useSettingsTranslation();
  const [enabled, hass, tls, certLogin] = useWatch<
    MqttValues,
    ['mqtt_enabled', 'mqtt_hass_enabled', 'mqtt_tls', 'mqtt_tls_cert_login']
  >({ name: ['mqtt_enabled', 'mqtt_hass_enabled', 'mqtt_tls', 'mqtt_tls_cert_login'] });
  return (
    <>
      <FormCard title={t('mqtt.general')}>
        <SwitchField name="mqtt_enabled" label={t('mqtt.enabled')} />
        {enabled && <SwitchField name="mqtt_hass_enabled" label={t('mqtt.hassEnabled')} />}
      </FormCard>
      {enabled && (
        <>
          <FormCard title={t('mqtt.broker')}>
            <TextField
              name="mqtt_hostname"
              label={t('mqtt.hostname')}
              maxLength={MqttLimits.hostnameMaxLength}
              help={t('mqtt.hostnameHint')}
            />
            <NumberField
              name="mqtt_port"
              label={t('mqtt.port')}
              min={MqttLimits.portMin}
              max={MqttLimits.portMax}
            />
            <TextField
              name="mqtt_clientid"
              label={t('mqtt.clientId')}
              maxLength={MqttLimits.clientIdMaxLength}
              help={t('mqtt.clientIdHint')}
            />
            <TextField
              name="mqtt_username"
              label={t('mqtt.username')}
              maxLength={MqttLimits.usernameMaxLength}
              autoComplete="off"
            />
            <TextField
              name="mqtt_password"
              type="password"
              label={t('mqtt.password')}
              maxLength={MqttLimits.passwordMaxLength}
              autoComplete="new-password"
            />
            <TextField
              name="mqtt_topic"
              label={t('mqtt.topic')}
              maxLength={MqttLimits.topicMaxLength}
              help={t('mqtt.topicHint')}
            />
            <NumberField
              name="mqtt_publish_interval"
              label={t('mqtt.publishInterval')}
              min={MqttLimits.publishIntervalMin}
              max={MqttLimits.publishIntervalMax}
              unit={t('mqtt.seconds')}
            />
            <SwitchField name="mqtt_clean_session" label={t('mqtt.cleanSession')} />
            <SwitchField name="mqtt_retain" label={t('mqtt.retain')} />
            <SwitchField name="mqtt_tls" label={t('mqtt.tls')} />
            {tls && (
              <TextAreaField
                name="mqtt_root_ca_cert"
                label={t('mqtt.rootCa')}
                maxLength={MqttLimits.certMaxLength}
                help={t('mqtt.pemHint')}
              />
            )}
            <SwitchField name="mqtt_tls_cert_login" label={t('mqtt.certLogin')} />
            {certLogin && (
              <>
                <TextAreaField
                  name="mqtt_client_cert"
                  label={t('mqtt.clientCert')}
                  maxLength={MqttLimits.certMaxLength}
                  help={t('mqtt.pemHint')}
                />
                <TextAreaField
                  name="mqtt_client_key"
                  label={t('mqtt.clientKey')}
                  maxLength={MqttLimits.certMaxLength}
                  help={t('mqtt.keyHint')}
                />
              </>
            )}
          </FormCard>
          <FormCard title={t('mqtt.lwt')}>
            <TextField
              name="mqtt_lwt_topic"
              label={t('mqtt.lwtTopic')}
              maxLength={MqttLimits.lwtTopicMaxLength}
              help={t('mqtt.lwtTopicHint')}
            />
            <TextField
              name="mqtt_lwt_online"
              label={t('mqtt.lwtOnline')}
              maxLength={MqttLimits.lwtValueMaxLength}
            />
            <TextField
              name="mqtt_lwt_offline"
              label={t('mqtt.lwtOffline')}
              maxLength={MqttLimits.lwtValueMaxLength}
            />
            <SelectField
              name="mqtt_lwt_qos"
              numeric
              label={t('mqtt.lwtQos')}
              choices={QOS.map((qos) => ({ value: qos, label: t(`mqtt.qos.${QOS_NAMES[qos]}`, { qos }) }))}
            />
          </FormCard>
          {hass && (
            <FormCard title={t('mqtt.hass')}>
              <TextField
                name="mqtt_hass_topic"
                label={t('mqtt.hassTopic')}
                maxLength={MqttLimits.hassTopicMaxLength}
                help={t('mqtt.hassTopicHint')}
              />
              <SwitchField name="mqtt_hass_retain" label={t('mqtt.hassRetain')} />
              <SwitchField name="mqtt_hass_expire" label={t('mqtt.hassExpire')} />
              <SwitchField
                name="mqtt_hass_individualpanels"
                label={t('mqtt.hassIndividualPanels')}
                help={t('mqtt.hassIndividualPanelsHint')}
              />
            </FormCard>
          )}
        </>
      )}
    </>
  );
}

export default withQuery(MqttSettingsPage);

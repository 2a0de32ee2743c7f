import { ANY_ORIGIN } from '@dtu-console/contract/common/origin';
import type { SecurityConfig } from '@dtu-console/contract/security/api';
import { SecurityLimits } from '@dtu-console/contract/security/limits';
import { securityConfigRules } from '@dtu-console/contract/security/schemas';
import { useWatch } from 'react-hook-form';
import { saveSecurityConfig, securityConfigQuery } from '../api/security';
import { Alert } from '../components/AlertBox';
import {
  type ClientRule,
  FormCard,
  rulesCheck,
  SettingsForm,
  SwitchField,
  TextAreaField,
  TextField,
  useSettingsForm,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { withQuery } from '../lib/query';

interface SecurityValues {
  password: string;
  password_repeat: string;
  allow_readonly: boolean;
  /** One origin per line. */
  allowed_origins: string;
}

/** The lines of the allowed-origins field, trimmed, empty ones left out. */
const originLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

const toValues = (config: SecurityConfig): SecurityValues => ({
  // The gateway shows a mask; sending the mask back unchanged keeps the stored password.
  password: config.password,
  password_repeat: config.password,
  allow_readonly: config.allow_readonly,
  allowed_origins: (config.allowed_origins ?? []).join('\n'),
});

const toPayload = ({ password, allow_readonly, allowed_origins }: SecurityValues) => ({
  password,
  allow_readonly,
  allowed_origins: originLines(allowed_origins),
});

/** Differing passwords are reported and nothing is sent. */
const rules: readonly ClientRule<SecurityValues>[] = [
  { field: 'password_repeat', key: 'security.notEqual', fails: (v) => v.password !== v.password_repeat },
];
const check = rulesCheck(securityConfigRules, toPayload);

/** Shown while `*` is among the allowed origins: every web page may then change the gateway. */
function AnyOriginWarning({ text }: { text: string }) {
  const origins = useWatch<SecurityValues, 'allowed_origins'>({ name: 'allowed_origins' });
  if (!originLines(origins ?? '').includes(ANY_ORIGIN)) return null;
  return (
    <Alert variant="warning" testId="any-origin-warning">
      {text}
    </Alert>
  );
}

/** /settings/security: the admin password, read-only access for visitors, origins allowed besides the own. */
function SecuritySettingsPage() {
  const settings = useSettingsForm({
    query: securityConfigQuery,
    toValues,
    toPayload,
    save: saveSecurityConfig,
    rules,
    check,
  });
  const { t, query } = settings;
  return (
    <PageFrame title={t('securityadmin.title')} loading={query.isPending} onReload={settings.reload}>
      {query.data && (
        <SettingsForm settings={settings}>
          <FormCard title={t('security.adminPassword')}>
            <TextField
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('security.password')}
              maxLength={SecurityLimits.passwordMaxLength}
              help={t('security.passwordHint', {
                min: SecurityLimits.passwordMinLength,
                max: SecurityLimits.passwordMaxLength,
                user: SecurityLimits.username,
              })}
            />
            <TextField
              name="password_repeat"
              type="password"
              autoComplete="new-password"
              label={t('security.repeat')}
              maxLength={SecurityLimits.passwordMaxLength}
            />
          </FormCard>
          <FormCard title={t('security.permissions')}>
            <SwitchField
              name="allow_readonly"
              label={t('security.allowReadonly')}
              help={t('security.allowReadonlyHint')}
            />
          </FormCard>
          <FormCard title={t('security.origins')}>
            <TextAreaField
              name="allowed_origins"
              rows={3}
              label={t('security.allowedOrigins')}
              help={t('security.allowedOriginsHint', { max: SecurityLimits.allowedOriginsMax })}
            />
            <AnyOriginWarning text={t('security.anyOriginWarning')} />
          </FormCard>
        </SettingsForm>
      )}
    </PageFrame>
  );
}

export default withQuery(SecuritySettingsPage);

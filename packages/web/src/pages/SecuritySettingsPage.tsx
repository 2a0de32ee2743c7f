import type { SecurityConfig } from '@dtu-console/contract/api/security';
import { SecurityLimits } from '@dtu-console/contract/limits';
import { securityConfigRules } from '@dtu-console/contract/schemas/security';
import { saveSecurityConfig, securityConfigQuery } from '../api/security';
import {
  type ClientRule,
  FormCard,
  rulesCheck,
  SettingsForm,
  SwitchField,
  TextField,
  useSettingsForm,
} from '../components/form';
import { PageFrame } from '../components/PageFrame';
import { withQuery } from '../lib/query';

interface SecurityValues {
  password: string;
  password_repeat: string;
  allow_readonly: boolean;
}

const toValues = (config: SecurityConfig): SecurityValues => ({
  // The gateway shows a mask; sending the mask back unchanged keeps the stored password.
  password: config.password,
  password_repeat: config.password,
  allow_readonly: config.allow_readonly,
});

const toPayload = ({ password, allow_readonly }: SecurityValues) => ({ password, allow_readonly });

/** Differing passwords are reported and nothing is sent. */
const rules: readonly ClientRule<SecurityValues>[] = [
  { field: 'password_repeat', key: 'security.notEqual', fails: (v) => v.password !== v.password_repeat },
];
const check = rulesCheck(securityConfigRules, toPayload);

/** /settings/security: the admin password and read-only access for visitors. */
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
        </SettingsForm>
      )}
    </PageFrame>
  );
}

export default withQuery(SecuritySettingsPage);

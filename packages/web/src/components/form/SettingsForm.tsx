import { type ReactNode, useEffect, useRef } from 'react';
import { type FieldValues, FormProvider, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AlertMessage } from '../../api/response';
import { Alert } from '../AlertBox';
import '../../styles/forms.scss';
import '../../styles/settings.scss';
import { FORMS_NS } from '../../i18n';
import { useUnsavedGuard } from './useUnsavedGuard';

/** The answer of a save as an alert that can be dismissed; scrolled into view when it appears. */
export function CodeAlert({ alert, onDismiss }: { alert: AlertMessage | null; onDismiss: () => void }) {
  const { t } = useTranslation(FORMS_NS);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (alert) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [alert]);
  if (!alert) return null;
  return (
    <Alert
      ref={ref}
      variant={alert.variant}
      testId="form-alert"
      onDismiss={onDismiss}
      closeLabel={t('common.close')}
    >
      {alert.text}
    </Alert>
  );
}

/** What `useSettingsForm` hands the form. */
export interface SettingsFormHandle<Values extends FieldValues> {
  form: UseFormReturn<Values>;
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  alert: AlertMessage | null;
  setAlert: (alert: AlertMessage | null) => void;
  reload: () => void;
  saving: boolean;
}

export interface SettingsFormProps<Values extends FieldValues> {
  settings: SettingsFormHandle<Values>;
  /** The second footer button: "Reload" (default) or "Cancel" (DTU and device settings). */
  reloadLabel?: string;
  /** The save button's text, where "Save" alone would not say what is saved (a form among others). */
  saveLabel?: string;
  children: ReactNode;
}

/**
 * The frame of every settings form: the answer alert, a field-less check failure, the fields, and the
 * save / reload footer. Leaving with unsaved changes asks first.
 */
export function SettingsForm<Values extends FieldValues>({
  settings,
  reloadLabel,
  saveLabel,
  children,
}: SettingsFormProps<Values>) {
  const { form, submit, alert, setAlert, reload, saving } = settings;
  const { t } = useTranslation(FORMS_NS);
  const { isDirty, errors } = form.formState;
  useUnsavedGuard(isDirty, t('form.unsavedQuestion'));
  const rootError = errors.root as { message?: string } | undefined;
  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <CodeAlert alert={alert} onDismiss={() => setAlert(null)} />
        {rootError?.message && <Alert variant="danger">{rootError.message}</Alert>}
        {children}
        <div className="d-flex flex-wrap gap-2 align-items-center mb-4">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
            {saveLabel ?? t('form.save')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={reload} disabled={saving}>
            {reloadLabel ?? t('form.reload')}
          </button>
          {isDirty && <span className="text-body-secondary small">{t('form.unsaved')}</span>}
        </div>
      </form>
    </FormProvider>
  );
}

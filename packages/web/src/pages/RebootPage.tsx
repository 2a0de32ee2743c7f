import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postReboot } from '../api/maintenance';
import { type AlertMessage, errorAlert, responseAlert } from '../api/response';
import { Alert, AlertBox } from '../components/AlertBox';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormCard } from '../components/FormCard';
import { PageFrame } from '../components/PageFrame';
import { useWaitForGateway } from '../components/useWaitForGateway';
import { FORMS_NS, MAINTENANCE_NS } from '../i18n';

type Phase = 'idle' | 'confirm' | 'restarting' | 'back';

/** /maintenance/reboot: restart the gateway after a confirmation, then wait until it answers again. */
export default function RebootPage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const { t: tx } = useTranslation([MAINTENANCE_NS, FORMS_NS], { nsMode: 'fallback' });
  const [phase, setPhase] = useState<Phase>('idle');
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const onBack = useCallback(() => setPhase('back'), []);
  useWaitForGateway(phase === 'restarting', onBack);

  const reboot = async () => {
    setPhase('idle');
    try {
      const answer = await postReboot();
      const message = responseAlert(tx, answer);
      setAlert(message);
      if (message.variant === 'success') setPhase('restarting');
    } catch (error) {
      setAlert(errorAlert(error));
    }
  };

  return (
    <PageFrame title={t('maintenancereboot.title')}>
      <FormCard title={t('reboot.card')} flush>
        <AlertBox alert={alert} />
        {phase === 'restarting' && (
          <p className="d-flex align-items-center gap-2" role="status">
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden />
            {t('reboot.waiting')}
          </p>
        )}
        {phase === 'back' && <Alert variant="success">{t('reboot.back')}</Alert>}
        <p className="text-body-secondary">{t('reboot.note')}</p>
        <button
          type="button"
          aria-haspopup="dialog"
          className="btn btn-danger"
          disabled={phase === 'restarting'}
          onClick={() => {
            setAlert(null);
            setPhase('confirm');
          }}
        >
          {t('reboot.button')}
        </button>
      </FormCard>
      {phase === 'confirm' && (
        <ConfirmDialog
          title={t('reboot.confirmTitle')}
          confirmLabel={t('reboot.confirm')}
          cancelLabel={t('reboot.cancel')}
          onConfirm={() => void reboot()}
          onCancel={() => setPhase('idle')}
        >
          {t('reboot.confirmText')}
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}

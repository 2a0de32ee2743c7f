import type { PowerConfigPayload } from '@dtu-console/contract/power/api';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPowerStatus, postPowerConfig } from '../../api/power';
import { type AlertMessage, errorAlert, responseAlert } from '../../api/response';
import { EXTRA_NS, FORMS_NS } from '../../i18n';
import { announce } from '../../lib/announce';
import { withQuery } from '../../lib/query';
import { AlertBox } from '../AlertBox';
import { Dialog, DialogLoading } from '../Dialog';
import { pollWhilePending, SetStatusBadge } from './SetStatusBadge';
import type { InverterDialogProps } from './types';

type PowerAction = 'on' | 'off' | 'restart';

export function powerPayload(serial: string, action: PowerAction): PowerConfigPayload {
  return action === 'restart' ? { serial, restart: true } : { serial, power: action === 'on' };
}

/** Switch the inverter on or off or restart it, with the status of the last command. */
function PowerModal({ serial, name, onClose }: InverterDialogProps) {
  const { t } = useTranslation([EXTRA_NS, FORMS_NS], { nsMode: 'fallback' });
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [busy, setBusy] = useState<PowerAction | null>(null);
  const status = useQuery({
    queryKey: ['power', 'status'],
    queryFn: () => fetchPowerStatus({ suppressErrorScreen: true }),
    refetchInterval: (query) => pollWhilePending(query.state.data?.[serial]?.power_set_status),
  });

  const send = async (action: PowerAction) => {
    setAlert(null);
    setBusy(action);
    try {
      const message = responseAlert(t, await postPowerConfig(powerPayload(serial, action)));
      if (message.variant === 'success') {
        void queryClient.invalidateQueries({ queryKey: ['power', 'status'] });
        announce('success', message.text);
        onClose();
      } else {
        setAlert(message);
      }
    } catch (error) {
      setAlert(errorAlert(error));
    } finally {
      setBusy(null);
    }
  };

  const button = (action: PowerAction, variant: string) => (
    <button
      type="button"
      className={`btn btn-${variant}`}
      disabled={busy !== null}
      onClick={() => void send(action)}
    >
      {busy === action && <span className="spinner-border spinner-border-sm me-2" aria-hidden />}
      {t(`power.${action}`)}
    </button>
  );

  return (
    <Dialog title={t('power.title', { name })} onClose={onClose}>
      {status.isPending ? (
        <DialogLoading />
      ) : (
        <>
          {status.isError && <AlertBox alert={errorAlert(status.error)} />}
          <p className="d-flex align-items-center gap-2">
            {t('power.lastCommand')} <SetStatusBadge status={status.data?.[serial]?.power_set_status} />
          </p>
          <AlertBox alert={alert} />
          <div className="d-flex flex-wrap gap-2">
            {button('on', 'success')}
            {button('off', 'danger')}
            {button('restart', 'warning')}
          </div>
        </>
      )}
    </Dialog>
  );
}

export default withQuery(PowerModal);

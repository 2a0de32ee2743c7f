import { UploadLimits } from '@dtu-console/contract/file/limits';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, fileListQuery, postFactoryReset, restoreFile } from '../api/files';
import { type AlertMessage, errorAlert, responseAlert } from '../api/response';
import { Alert } from '../components/AlertBox';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { FormCard } from '../components/FormCard';
import { PageFrame } from '../components/PageFrame';
import { saveFile } from '../components/saveFile';
import { UploadProgress, UploadResult, type UploadState } from '../components/UploadStatus';
import { FORMS_NS, MAINTENANCE_NS } from '../i18n';
import { withQuery } from '../lib/query';
import '../styles/forms.scss';

/** /settings/config: backup download, restore upload and factory reset. */
function ConfigAdminPage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const files = useQuery(fileListQuery);
  return (
    <PageFrame title={t('configadmin.title')} loading={files.isPending} onReload={() => void files.refetch()}>
      <div className="d-grid gap-3">
        <Backup names={(files.data ?? []).map((file) => file.name)} />
        <Restore onDone={() => void files.refetch()} />
        <FactoryReset />
      </div>
    </PageFrame>
  );
}

function Backup({ names }: { names: string[] }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const id = useId();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = names.includes(chosen) ? chosen : (names[0] ?? '');

  const download = async () => {
    setError(null);
    try {
      const blob = await downloadFile(name);
      saveFile(blob, name);
    } catch (cause) {
      setError(errorAlert(cause).text);
    }
  };

  return (
    <FormCard title={t('configadmin.backup')} flush>
      <p className="text-body-secondary">{t('configadmin.backupHint')}</p>
      {error && <Alert variant="danger">{error}</Alert>}
      <div className="input-group">
        <label className="input-group-text" htmlFor={id}>
          {t('configadmin.file')}
        </label>
        <select
          id={id}
          className="form-select"
          value={name}
          onChange={(event) => setChosen(event.target.value)}
        >
          {names.map((file) => (
            <option key={file} value={file}>
              {file}
            </option>
          ))}
        </select>
        <button type="button" className="btn btn-primary" disabled={!name} onClick={() => void download()}>
          {t('configadmin.download')}
        </button>
      </div>
    </FormCard>
  );
}

function Restore({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const targetId = useId();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<string>(UploadLimits.restoreFiles[0] ?? 'config.json');
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [noFile, setNoFile] = useState(false);

  const restore = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setNoFile(true);
      return;
    }
    setNoFile(false);
    setState({ phase: 'uploading', percent: 0 });
    try {
      const outcome = await restoreFile(target, file, (percent) => setState({ phase: 'uploading', percent }));
      setState(outcome.ok ? { phase: 'success' } : { phase: 'error', message: outcome.message });
    } catch (error) {
      setState({ phase: 'error', message: errorAlert(error).text });
    }
  };

  const back = () => {
    setState({ phase: 'idle' });
    if (input.current) input.current.value = '';
    onDone();
  };

  return (
    <FormCard title={t('configadmin.restore')} flush>
      {state.phase === 'idle' && (
        <>
          <p className="text-body-secondary">{t('configadmin.restoreHint')}</p>
          {noFile && (
            <Alert variant="warning" role="alert">
              {t('configadmin.noFileSelected')}
            </Alert>
          )}
          <div className="row g-2">
            <div className="col-md-4">
              <label className="form-label" htmlFor={targetId}>
                {t('configadmin.target')}
              </label>
              <select
                id={targetId}
                className="form-select"
                value={target}
                onChange={(event) => setTarget(event.target.value)}
              >
                {UploadLimits.restoreFiles.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-md-8">
              <label className="form-label" htmlFor={fileId}>
                {t('configadmin.restoreFile')}
              </label>
              <input
                id={fileId}
                ref={input}
                className="form-control"
                type="file"
                accept={UploadLimits.restoreAccept}
                onChange={() => setNoFile(false)}
              />
            </div>
          </div>
          <button type="button" className="btn btn-primary mt-3" onClick={() => void restore()}>
            {t('configadmin.restoreButton')}
          </button>
        </>
      )}
      {state.phase === 'uploading' && (
        <UploadProgress percent={state.percent} label={t('configadmin.restore')} />
      )}
      <UploadResult state={state} successText={t('configadmin.restoreSuccess')} onBack={back} />
    </FormCard>
  );
}

function FactoryReset() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const { t: tx } = useTranslation([MAINTENANCE_NS, FORMS_NS], { nsMode: 'fallback' });
  const [confirming, setConfirming] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);

  const reset = async () => {
    setConfirming(false);
    try {
      setAlert(responseAlert(tx, await postFactoryReset()));
    } catch (error) {
      setAlert(errorAlert(error));
    }
  };

  return (
    <FormCard title={t('configadmin.factoryReset')} flush>
      {alert && (
        <Alert
          variant={alert.variant}
          role="alert"
          onDismiss={() => setAlert(null)}
          closeLabel={t('common.close')}
        >
          {alert.text}
        </Alert>
      )}
      <p className="text-body-secondary">{t('configadmin.factoryResetHint')}</p>
      <button
        type="button"
        className="btn btn-danger"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {t('configadmin.factoryResetButton')}
      </button>
      {confirming && (
        <ConfirmDialog
          title={t('configadmin.factoryResetConfirmTitle')}
          confirmLabel={t('configadmin.factoryResetConfirm')}
          cancelLabel={t('configadmin.cancel')}
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(false)}
        >
          {t('configadmin.factoryResetConfirmText')}
        </ConfirmDialog>
      )}
    </FormCard>
  );
}

export default withQuery(ConfigAdminPage);

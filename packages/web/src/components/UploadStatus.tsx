import { readUploadRefusal } from '@dtu-console/contract/file/upload-refusals';
import { useTranslation } from 'react-i18next';
import { MAINTENANCE_NS } from '../i18n';
import { Alert } from './AlertBox';
import '../styles/progress.scss';

/** The state of an upload: progress while it runs, then success or the error, with Back. */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'success' }
  | { phase: 'error'; message: string };

export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="progress my-2"
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid="upload-progress"
    >
      <div className="progress-bar progress-bar-striped" style={{ width: `${percent}%` }}>
        {percent} %
      </div>
    </div>
  );
}

/** A refusal the gateway sent as its English text, in the user's language; any other text as it is. */
export function uploadErrorText(
  t: (key: string, options: Record<string, string>) => string,
  message: string,
): string {
  const known = readUploadRefusal(message);
  return known ? t(`refusal.${known.refusal}`, known.params) : message;
}

/** Success or error of a finished upload, with Back (and Retry when given). */
export function UploadResult(props: {
  state: UploadState;
  successText: string;
  onBack: () => void;
  onRetry?: () => void;
}) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const { state } = props;
  if (state.phase !== 'success' && state.phase !== 'error') return null;
  return (
    <div>
      {state.phase === 'success' ? (
        <Alert variant="success">{props.successText}</Alert>
      ) : (
        <Alert variant="danger">
          <div className="fw-bold">{t('upload.failed')}</div>
          <div className="text-break" data-testid="upload-error">
            {uploadErrorText(t, state.message)}
          </div>
        </Alert>
      )}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-secondary" onClick={props.onBack}>
          {t('upload.back')}
        </button>
        {state.phase === 'error' && props.onRetry && (
          <button type="button" className="btn btn-primary" onClick={props.onRetry}>
            {t('upload.retry')}
          </button>
        )}
      </div>
    </div>
  );
}

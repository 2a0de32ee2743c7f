import { parseGitHash } from '@dtu-console/contract/common/format';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readVersionCheck, saveVersionCheck, uploadFirmware, versionCompareQuery } from '../api/firmware';
import { systemStatusQuery } from '../api/system';
import { FormCard } from '../components/FormCard';
import { PageFrame } from '../components/PageFrame';
import { UploadProgress, UploadResult, type UploadState } from '../components/UploadStatus';
import { useWaitForGateway } from '../components/useWaitForGateway';
import { MAINTENANCE_NS } from '../i18n';
import { withQuery } from '../lib/query';
import '../styles/forms.scss';

/** The chooser takes .bin and .bin.gz; a dtu-console release is dtu-console-<version>.bin.gz. */
const FIRMWARE_ACCEPT = '.bin,.bin.gz,.gz';

/**
 * /firmware/upgrade: upload a release (MD5 first, then the file, with progress); on success the gateway
 * restarts, the status is asked every second and the page goes to / once it answers.
 */
function FirmwareUpgradePage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const lastFile = useRef<File | null>(null);
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const backHome = useCallback(() => window.location.replace('/'), []);
  useWaitForGateway(state.phase === 'success', backHome);

  const upload = async (file: File) => {
    lastFile.current = file;
    setState({ phase: 'uploading', percent: 0 });
    try {
      const outcome = await uploadFirmware(file, (percent) => setState({ phase: 'uploading', percent }));
      setState(outcome.ok ? { phase: 'success' } : { phase: 'error', message: outcome.message });
    } catch {
      // Reading or hashing the file failed, or the request could not be made.
      setState({ phase: 'error', message: t('firmware.unknownError') });
    }
  };

  const back = () => {
    setState({ phase: 'idle' });
    if (input.current) input.current.value = '';
  };

  return (
    <PageFrame title={t('firmwareupgrade.title')}>
      <div className="d-grid gap-3">
        <VersionCheck />
        <FormCard title={t('firmware.upload')} flush>
          {state.phase === 'idle' && (
            <>
              <p className="text-body-secondary">{t('firmware.hint')}</p>
              <label className="form-label" htmlFor={inputId}>
                {t('firmware.chooseFile')}
              </label>
              <input
                id={inputId}
                ref={input}
                className="form-control"
                type="file"
                accept={FIRMWARE_ACCEPT}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file);
                }}
              />
            </>
          )}
          {state.phase === 'uploading' && (
            <UploadProgress percent={state.percent} label={t('firmware.upload')} />
          )}
          {state.phase === 'success' && (
            <p className="d-flex align-items-center gap-2 mt-2" role="status">
              <span className="spinner-border spinner-border-sm text-primary" aria-hidden />
              {t('firmware.restarting')}
            </p>
          )}
          {state.phase === 'error' && (
            <UploadResult
              state={state}
              successText=""
              onBack={back}
              onRetry={lastFile.current ? () => void upload(lastFile.current as File) : undefined}
            />
          )}
        </FormCard>
      </div>
    </PageFrame>
  );
}

/** The toggle (stored as allowVersionInfo) and, when on, how the running build compares with the repository. */
function VersionCheck() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const switchId = useId();
  const [enabled, setEnabled] = useState(readVersionCheck);
  const status = useQuery({ ...systemStatusQuery, enabled });
  const version = status.data ? parseGitHash(status.data.git_hash) : undefined;
  return (
    <FormCard title={t('firmware.versionCheck')} flush>
      <div className="form-check form-switch">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id={switchId}
          checked={enabled}
          aria-checked={enabled}
          onChange={(event) => {
            setEnabled(event.target.checked);
            saveVersionCheck(event.target.checked);
          }}
        />
        <label className="form-check-label" htmlFor={switchId}>
          {t('firmware.versionCheckToggle')}
        </label>
      </div>
      {enabled && version && (
        <div className="mt-2 d-flex flex-wrap align-items-center gap-2">
          <span>
            {t('firmware.installed')}: <code>{version.value}</code>
          </span>
          <VersionBadge version={version.value} />
        </div>
      )}
    </FormCard>
  );
}

function VersionBadge({ version }: { version: string }) {
  const { t } = useTranslation(MAINTENANCE_NS);
  const compare = useQuery(versionCompareQuery(version));
  if (compare.isPending) return <span className="spinner-border spinner-border-sm" role="status" />;
  if (compare.isError) {
    return (
      <span className="badge text-bg-secondary text-wrap" data-testid="version-badge">
        {compare.error.message || t('firmware.versionError')}
      </span>
    );
  }
  const { total_commits: commits, html_url: url } = compare.data;
  if (commits > 0) {
    return (
      <a
        className="badge text-bg-danger"
        href={url}
        target="_blank"
        rel="noreferrer"
        data-testid="version-badge"
      >
        {t('firmware.newerCommits', { count: commits })}
      </a>
    );
  }
  return (
    <span className="badge text-bg-success" data-testid="version-badge">
      {t('firmware.upToDate')}
    </span>
  );
}

export default withQuery(FirmwareUpgradePage);

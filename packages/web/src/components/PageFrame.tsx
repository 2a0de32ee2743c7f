import type { ReactNode } from 'react';
import ArrowClockwise from 'react-bootstrap-icons/dist/icons/arrow-clockwise';
import ArrowDown from 'react-bootstrap-icons/dist/icons/arrow-down';
import { useTranslation } from 'react-i18next';
import { usePullToRefresh } from './pullToRefresh';

export interface PageFrameProps {
  title: string;
  /** Shows the live-connection marker: green pulsing dot when online, red dot when offline. */
  online?: boolean;
  /** Shows the reload button and enables pull-to-refresh. */
  onReload?: () => void;
  loading?: boolean;
  children?: ReactNode;
}

/** The frame every screen shares. */
export function PageFrame({ title, online, onReload, loading = false, children }: PageFrameProps) {
  const { t } = useTranslation();
  const pull = usePullToRefresh(onReload);
  return (
    <div className="container-xxl page-body">
      {pull.phase !== 'pending' && (
        <div className="pull-indicator" style={{ height: pull.distance }} data-phase={pull.phase}>
          {pull.phase === 'refreshing' ? (
            <span className="spinner-border spinner-border-sm text-primary" role="status">
              <span className="visually-hidden">{t('frame.loading')}</span>
            </span>
          ) : (
            <span className={`pull-arrow${pull.phase === 'releasing' ? ' pull-arrow-armed' : ''}`}>
              <ArrowDown aria-hidden />{' '}
              {pull.phase === 'releasing' ? t('frame.releaseToReload') : t('frame.pullToReload')}
            </span>
          )}
        </div>
      )}
      <div className="page-title mb-3">
        <h1 className="h2 mb-0">{title}</h1>
        {online !== undefined && (
          <span
            className={`live-marker ${online ? 'live-marker-online' : 'live-marker-offline'}`}
            role="img"
            aria-label={online ? t('frame.online') : t('frame.offline')}
            title={online ? t('frame.online') : t('frame.offline')}
          />
        )}
        {onReload && (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary ms-auto"
            onClick={onReload}
            disabled={loading}
            title={t('frame.reload')}
          >
            <ArrowClockwise aria-hidden /> <span className="d-none d-sm-inline">{t('frame.reload')}</span>
          </button>
        )}
      </div>
      {loading ? (
        <div className="text-center py-5">
          <div className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{t('frame.loading')}</span>
          </div>
        </div>
      ) : (
        children
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ArrowClockwise } from 'react-bootstrap-icons';
import { useTranslation } from 'react-i18next';

export interface PageFrameProps {
  title: string;
  /** Shows the live-connection marker: green pulsing dot when online, red dot when offline. */
  online?: boolean;
  onReload?: () => void;
  loading?: boolean;
  children?: ReactNode;
}

/** The frame every screen shares (spec §2 "Generic page frame"). */
export function PageFrame({ title, online, onReload, loading = false, children }: PageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="container-xxl page-body">
      <div className="page-title mb-3">
        <h1 className="h2 mb-0">{title}</h1>
        {online !== undefined && (
          <span
            className={`live-marker ${online ? 'live-marker-online' : 'live-marker-offline'}`}
            role="img"
            aria-label={online ? t('frame.online') : t('frame.offline')}
          />
        )}
        {onReload && (
          <Button
            variant="outline-primary"
            size="sm"
            className="ms-auto"
            onClick={onReload}
            disabled={loading}
            title={t('frame.reload')}
          >
            <ArrowClockwise aria-hidden /> <span className="d-none d-sm-inline">{t('frame.reload')}</span>
          </Button>
        )}
      </div>
      {loading ? (
        <div className="text-center py-5">
          <Spinner animation="border" role="status">
            <span className="visually-hidden">{t('frame.loading')}</span>
          </Spinner>
        </div>
      ) : (
        children
      )}
    </div>
  );
}

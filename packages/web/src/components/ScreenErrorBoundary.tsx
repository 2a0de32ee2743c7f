import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './AlertBox';

/**
 * A screen whose chunk could not be loaded (gateway restarting, new build with other file names) or that
 * failed while rendering shows a notice instead of taking the whole console down. Keyed by the path in
 * the layout, so navigating elsewhere starts afresh.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <LoadFailed /> : this.props.children;
  }
}

function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="container-xxl page-body">
      <Alert variant="danger">
        <p>{t('frame.loadFailed')}</p>
        <button type="button" className="btn btn-outline-danger" onClick={() => window.location.reload()}>
          {t('frame.retry')}
        </button>
      </Alert>
    </div>
  );
}

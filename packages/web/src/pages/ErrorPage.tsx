import { useTranslation } from 'react-i18next';
import { Alert } from '../components/AlertBox';
import { PageFrame } from '../components/PageFrame';
import { Link, useSearchParams } from '../lib/navigation';

/**
 * `/error?status=…&message=…`: where failed calls lead. Part of the first load with its
 * texts, because it must show when the gateway cannot deliver anything more.
 */
export default function ErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = params.get('status');
  const message = params.get('message');
  return (
    <PageFrame title={t('error.title')}>
      <Alert variant="danger">
        <p className="mb-1">{t('error.intro')}</p>
        {status && (
          <p className="mb-1">
            <strong>{t('error.status')}:</strong> <span data-testid="error-status">{status}</span>
          </p>
        )}
        {message && (
          <p className="mb-0 text-break">
            <strong>{t('error.message')}:</strong> <span data-testid="error-message">{message}</span>
          </p>
        )}
      </Alert>
      <Link to="/" className="btn btn-primary">
        {t('error.back')}
      </Link>
    </PageFrame>
  );
}

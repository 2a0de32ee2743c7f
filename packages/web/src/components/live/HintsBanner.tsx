import type { LiveHints } from '@dtu-console/contract/livedata/api';
import ExclamationTriangleFill from 'react-bootstrap-icons/dist/icons/exclamation-triangle-fill';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/navigation';
import { Alert } from '../AlertBox';

/**
 * Live-data hints: radio, clock not synchronised, default password (and a missing device profile).
 * A simulated radio is no problem, but the values must not pass for real ones: a quiet note says so.
 */
export function HintsBanner({ hints }: { hints: LiveHints }) {
  const { t } = useTranslation();
  const simulated = hints.radio_simulated === true && (
    <p className="small text-body-secondary" role="note">
      {t('hints.radioSimulated')}
    </p>
  );
  if (!hints.radio_problem && !hints.time_sync && !hints.default_password && !hints.pin_mapping_issue) {
    return simulated || null;
  }
  return (
    <>
      {simulated}
      <Alert variant="warning" role="alert" className="d-flex gap-2">
        <ExclamationTriangleFill aria-hidden className="flex-shrink-0 mt-1" />
        {/* A hint and the space before its link are one text, as in the gateway's markup: a hydration
            that split them could move the link by a fraction of a pixel. */}
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {hints.radio_problem && <li>{t('hints.radioProblem')}</li>}
          {hints.time_sync && (
            <li>
              {`${t('hints.timeSync')} `}
              <Link className="alert-link" to="/settings/ntp">
                {t('hints.timeSyncLink')}
              </Link>
              <br />
              <small>{t('hints.timeSyncNote')}</small>
            </li>
          )}
          {hints.default_password && (
            <li>
              {`${t('hints.defaultPassword')} `}
              <Link className="alert-link" to="/settings/security">
                {t('hints.defaultPasswordLink')}
              </Link>
            </li>
          )}
          {hints.pin_mapping_issue && (
            <li>
              {`${t('hints.pinMapping')} `}
              <Link className="alert-link" to="/settings/device">
                {t('hints.pinMappingLink')}
              </Link>
            </li>
          )}
        </ul>
      </Alert>
    </>
  );
}

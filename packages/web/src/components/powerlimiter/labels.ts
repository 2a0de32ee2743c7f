import { useTranslation } from 'react-i18next';
import { FORMS_NS, POWERLIMITER_NS } from '../../i18n';

/** The limiter's texts first, then the forms' (form messages, the common answers). */
export function useLimiterTranslation() {
  return useTranslation([POWERLIMITER_NS, FORMS_NS], { nsMode: 'fallback' });
}

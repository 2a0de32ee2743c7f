import { useTranslation } from 'react-i18next';
import { ANSWERS_NS, LIMITER_NS, SETTINGS_NS } from '../../i18n';

/** The limiter's texts first, then the settings screens' (form messages) and the common answers (`answers`). */
export function useLimiterTranslation() {
  return useTranslation([LIMITER_NS, SETTINGS_NS, ANSWERS_NS], { nsMode: 'fallback' });
}

import { useTranslation } from 'react-i18next';
import { ANSWERS_NS, SETTINGS_NS, WIFI_NS } from '../../i18n';

/** The Wi-Fi card's texts, then the settings forms' texts, then the common answers (`answers`). */
export function useWifiTranslation() {
  return useTranslation([WIFI_NS, SETTINGS_NS, ANSWERS_NS], { nsMode: 'fallback' });
}

import { useTranslation } from 'react-i18next';
import { FORMS_NS, WIFI_NS } from '../../i18n';

/** The Wi-Fi card's texts, then the forms' (form messages, the common answers). */
export function useWifiTranslation() {
  return useTranslation([WIFI_NS, FORMS_NS], { nsMode: 'fallback' });
}

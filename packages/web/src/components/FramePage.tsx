import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

/** A screen whose content arrives in a later milestone: its frame and title, nothing pretended. */
export function FramePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageFrame title={t(titleKey)} />;
}

import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

/** A screen that is only its frame and title: the page for a path no screen has. */
export function FramePage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageFrame title={t(titleKey)} />;
}

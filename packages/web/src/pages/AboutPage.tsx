import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { EXTRA_NS } from '../i18n';
import '../styles/accordion.scss';

const SECTIONS = ['documentation', 'origin', 'news', 'errors', 'discussion'] as const;
type Section = (typeof SECTIONS)[number];

/** `/about`: five sections, Documentation open at first. Several may be open at once. */
export default function AboutPage() {
  const { t } = useTranslation(EXTRA_NS);
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<Section>>(() => new Set(['documentation']));
  const toggle = (section: Section) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(section)) next.add(section);
      return next;
    });
  return (
    <PageFrame title={t('about.title')}>
      <div className="accordion">
        {SECTIONS.map((section) => {
          const expanded = open.has(section);
          return (
            <div className="accordion-item" key={section}>
              <h2 className="accordion-header">
                <button
                  type="button"
                  className={`accordion-button${expanded ? '' : ' collapsed'}`}
                  aria-expanded={expanded}
                  aria-controls={`${id}-${section}`}
                  onClick={() => toggle(section)}
                >
                  {t(`about.${section}.title`)}
                </button>
              </h2>
              <div
                id={`${id}-${section}`}
                className={`accordion-collapse collapse${expanded ? ' show' : ''}`}
              >
                <div className="accordion-body">
                  {t(`about.${section}.body`)
                    .split('\n\n')
                    .map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </PageFrame>
  );
}

import { UiLimits } from '@dtu-console/contract/common/console-limits';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../components/PageFrame';
import { MAINTENANCE_NS } from '../i18n';
import { useConsoleLines } from '../ws/console';
import '../styles/forms.scss';
import '../styles/console.scss';

/** /info/console: the gateway's log, live: auto-scroll, clear and copy. */
export default function ConsolePage() {
  const { t } = useTranslation(MAINTENANCE_NS);
  const { lines, online, clear } = useConsoleLines();
  const [autoScroll, setAutoScroll] = useState(true);
  const [copied, setCopied] = useState<boolean | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const switchId = useId();
  const text = lines.join('\n');

  useEffect(() => {
    const element = area.current;
    if (autoScroll && element && text) element.scrollTop = element.scrollHeight;
  }, [text, autoScroll]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <PageFrame title={t('console.title')} online={online}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <div className="form-check form-switch me-auto">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={switchId}
            checked={autoScroll}
            aria-checked={autoScroll}
            onChange={(event) => setAutoScroll(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={switchId}>
            {t('console.autoScroll')}
          </label>
        </div>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={clear}>
          {t('console.clear')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void copy()}>
          {t('console.copy')}
        </button>
      </div>
      <textarea
        ref={area}
        className="console-log"
        rows={UiLimits.consoleRows}
        readOnly
        value={text}
        aria-label={t('console.log')}
        spellCheck={false}
      />
      <div className="small text-body-secondary mt-1" role="status">
        {copied === true && t('console.copied')}
        {copied === false && t('console.copyFailed')}
      </div>
    </PageFrame>
  );
}

import { RENDERED_ATTRIBUTE, ROOT_ID } from '@dtu-console/contract/common/console-page';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { consoleLanguage, initI18n } from './i18n';
import { liveData } from './ws/browser-live-data';
import { holdFirstPaint } from './ws/useLiveData';
import './styles/app.scss';

const root = document.getElementById(ROOT_ID);
if (!root) throw new Error(`index.html has no #${ROOT_ID} element`);

/** The language the gateway rendered the first paint in (an attribute of the root), if it did. */
const rendered = window.location.pathname === '/' ? root.getAttribute(RENDERED_ATTRIBUTE) : null;

// On the live view the socket opens now, while the language chunk loads, not after React has mounted.
if (window.location.pathname === '/') liveData.prestart();
if (rendered) holdFirstPaint(liveData);

/**
 * Resolves once the browser has painted the page it holds: from the cache the scripts are there as soon
 * as the page is parsed, and hydrating at once would hold its first paint back. A hidden tab paints no
 * frames, so at most 100 ms.
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * Loads the locale's number and date formats, which the first render with values needs (~100 ms on a slow
 * device).
 */
function warmUpFormats(language: string): void {
  try {
    new Intl.NumberFormat(language).format(1);
    new Intl.DateTimeFormat(language, { hour: '2-digit' }).format(0);
  } catch {
    // An unknown locale: the formats fall back by themselves.
  }
}

// Translations first: the first paint is already in the user's language. The formats are warmed up while
// the language chunk loads, or on a rendered page once it has been painted.
const language = consoleLanguage();
const ready = Promise.all([initI18n(), rendered ? afterPaint() : undefined]);
if (!rendered) warmUpFormats(language);
const [i18n] = await ready;
if (rendered) warmUpFormats(language);
const app = (
  <StrictMode>
    <App liveSource={liveData} />
  </StrictMode>
);
// The gateway's markup is taken over as it is (docs/console.md, First paint): React hydrates it with the
// stores' server values (useSyncExternalStore's third argument) and renders their own right after.
// Rendered in another language than the browser picked (a stored choice the gateway did not see), it is
// replaced instead.
if (rendered && rendered === i18n.language) hydrateRoot(root, app);
else createRoot(root).render(app);

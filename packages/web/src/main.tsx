import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';
import { withServerSnapshots } from './lib/server-snapshot';
import { holdFirstPaint, liveData } from './ws/useLiveData';
import './styles/app.scss';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The language the gateway rendered the first paint in (`data-ssr` on #root), if it did. */
const rendered = window.location.pathname === '/' ? root.dataset.ssr : undefined;

// On the live view the socket opens now, while the language chunk loads, not after React has mounted.
if (window.location.pathname === '/') liveData.prestart();
if (rendered) holdFirstPaint();

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

// Translations first: the first paint is already in the user's language.
const [i18n] = await Promise.all([initI18n(), rendered ? afterPaint() : undefined]);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// The gateway's markup is taken over as it is (docs/console.md, First paint). Rendered in another language
// than the browser picked (a stored choice the gateway did not see), it is replaced instead.
// Preact hydrates at once (synchronously), showing the stores' server values, and re-reads them after.
if (rendered && rendered === i18n.language) withServerSnapshots(() => hydrateRoot(root, app));
else createRoot(root).render(app);

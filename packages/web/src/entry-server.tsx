/**
 * The live view's first paint, rendered by the gateway into the HTML of `/` with React's own server
 * renderer (docs/console.md, First paint). Built by Vite's SSR build into `dist/ssr/entry-server.js`; the
 * console then hydrates this markup (main.tsx). It renders the same tree as the browser's first render:
 * the same routes at `/`, the same texts, and a live-data store of the console's own kind primed with the
 * page's snapshot exactly as the browser's store takes it (loaded, socket not yet open).
 */
import type { LivedataStatus } from '@dtu-console/contract/livedata/api';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { AppRoutes } from './app/router';
import { i18nOptions, LANGUAGES, type Language } from './i18n';
import { MemoryRouter } from './lib/navigation';
import { LiveDataStore } from './ws/livedata';
import { LiveDataSourceContext } from './ws/useLiveData';

export interface FirstPaintInput {
  language: Language;
  /** The first-load texts (`translation` namespace) of that language, as the page carries them. */
  texts: object;
  /** The live snapshot the page carries. */
  status: LivedataStatus;
}

export { LANGUAGES };

/** One i18next instance per language, made again only when its texts change. */
const instances = new Map<Language, { texts: object; i18n: I18n }>();

function i18nFor(language: Language, texts: object): I18n {
  const known = instances.get(language);
  if (known?.texts === texts) return known.i18n;
  const i18n = createInstance();
  void i18n.init({
    ...i18nOptions(language),
    resources: { [language]: { translation: texts } },
    initAsync: false,
  });
  instances.set(language, { texts, i18n });
  return i18n;
}

/** A render reads the store only: it never loads, connects or fetches. */
function offline(): never {
  throw new Error('the first paint renders from the page snapshot only');
}

/** The console's live-data store as the browser's holds the page's snapshot before its socket opens. */
function storeWithSnapshot(status: LivedataStatus): LiveDataStore {
  const store = new LiveDataStore({
    firstPaint: status,
    fetchStatus: offline,
    fetchInverter: offline,
    openSocket: offline,
  });
  store.showFirstPaint();
  return store;
}

/** The markup of `#root` for `/`. */
export function renderFirstPaint({ language, texts, status }: FirstPaintInput): string {
  return renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18nFor(language, texts)}>
        <LiveDataSourceContext.Provider value={storeWithSnapshot(status)}>
          <MemoryRouter initialEntries={['/']}>
            <AppRoutes />
          </MemoryRouter>
        </LiveDataSourceContext.Provider>
      </I18nextProvider>
    </StrictMode>,
  );
}

/**
 * The live view's first paint, rendered by the gateway into the HTML of `/` (docs/console.md, First
 * paint). Built by Vite's SSR build into `dist/ssr/entry-server.js`; the console then hydrates this markup
 * (main.tsx). It renders the same tree as the browser's first render: the same routes at `/`, the same
 * texts, and the live store's state right after it took the page's snapshot (loaded, socket not yet open).
 */
import type { LivedataStatus } from '@dtu-console/contract/api/livedata';
import { createInstance, type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { AppRoutes } from './app/router';
import { i18nOptions, LANGUAGES, type Language } from './i18n';
import { MemoryRouter } from './lib/navigation';
import { withServerSnapshots } from './lib/server-snapshot';
import { type LiveSnapshot, mergeSummaries } from './ws/livedata';
import { type LiveDataSource, LiveDataSourceContext } from './ws/useLiveData';

export interface FirstPaintInput {
  language: Language;
  /** The first-load texts (`translation` namespace) of that language, as the page carries them. */
  texts: object;
  /** The live snapshot the page carries (`live-snapshot`). */
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

/** What the browser's live store holds once it took the page's snapshot (livedata.ts, showStatus). */
function storeAfterFirstPaint(status: LivedataStatus): LiveDataSource {
  const snapshot: LiveSnapshot = {
    loading: false,
    online: false,
    error: null,
    total: status.total,
    hints: status.hints,
    inverters: mergeSummaries([], status.inverters ?? []),
  };
  return { subscribe: () => () => {}, getSnapshot: () => snapshot, retain: () => () => {} };
}

/** The markup of `#root` for `/`. */
export function renderFirstPaint({ language, texts, status }: FirstPaintInput): string {
  return withServerSnapshots(() =>
    renderToString(
      <StrictMode>
        <I18nextProvider i18n={i18nFor(language, texts)}>
          <LiveDataSourceContext.Provider value={storeAfterFirstPaint(status)}>
            <MemoryRouter initialEntries={['/']}>
              <AppRoutes />
            </MemoryRouter>
          </LiveDataSourceContext.Provider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}

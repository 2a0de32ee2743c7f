/**
 * Where the radio thread's code is. Bundled, it sits beside the gateway's main.js as radio-worker.js (the
 * gateway's build names it so), and this module's `import.meta.url` is that bundle's. From the sources
 * (tsx, tests) a new thread does not inherit its parent's TypeScript loader, so a small loader starts it.
 */
export const RADIO_THREAD: { file: URL; sourceEntry?: string } = import.meta.url.endsWith('.ts')
  ? {
      file: new URL('./tsx-entry.mjs', import.meta.url),
      sourceEntry: new URL('./entry.ts', import.meta.url).href,
    }
  : { file: new URL('radio-worker.js', import.meta.url) };

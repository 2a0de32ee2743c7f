/** What the config store announces, and what it needs to announce it (the gateway's bus has both). */
import type { ConfigSection } from './schema';

export interface ConfigEvents {
  /** A config section was saved (store.ts); read the new values from the store. */
  'config:changed': [section: ConfigSection];
}

export interface ConfigAnnouncer {
  emit<K extends keyof ConfigEvents>(event: K, ...args: ConfigEvents[K]): void;
}

/** Who can be told of saved sections (the gateway's bus). */
export interface ConfigListeners {
  on(event: 'config:changed', listener: (section: ConfigSection) => void): () => void;
}

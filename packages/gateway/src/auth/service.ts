import { createHmac, randomBytes } from 'node:crypto';
import { SecurityLimits } from '@dtu-console/contract';
import type { FastifyRequest } from 'fastify';
import type { EventBus, Service } from '../bus';
import { hashPassword, verifyPassword } from '../config/password';
import { isMasked } from '../config/secrets';
import type { ConfigStore, SaveOutcome } from '../config/store';
import type { AuthLevel } from '../http/route-meta';
import type { Logger } from '../system/logger';
import { type Credentials, hasCredentials, requestCredentials } from './credentials';
import { FailureLimiter, type FailureLimits } from './limiter';

export type AuthDecision =
  | { allowed: true }
  | { allowed: false; reason: 'missing' | 'invalid' }
  | { allowed: false; reason: 'throttled'; retryAfterS: number };

export interface AuthServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  log: Logger;
  limits?: Partial<FailureLimits>;
  /** How long verified credentials are trusted without running scrypt again. */
  cacheTtlMs?: number;
  now?: () => number;
}

const CACHE_MAX_ENTRIES = 64;

/**
 * Checks requests against the one admin account. The password is only known as a scrypt
 * hash, which takes tens of milliseconds to check, so verified credentials are remembered: under an HMAC
 * (with a key that never leaves this process) of the credentials, with an expiry, and forgotten as soon as
 * the security settings change.
 */
export class AuthService implements Service {
  readonly name = 'auth';
  readonly #config: ConfigStore;
  readonly #log: Logger;
  readonly #bus: EventBus;
  readonly #limiter: FailureLimiter;
  readonly #now: () => number;
  readonly #cacheTtlMs: number;
  readonly #cacheKey = randomBytes(32);
  readonly #verified = new Map<string, number>();
  #hash: string;
  #defaultPassword = false;
  #unsubscribe: (() => void) | undefined;
  #refreshing: Promise<void> = Promise.resolve();

  private constructor(options: AuthServiceOptions) {
    this.#config = options.config;
    this.#log = options.log;
    this.#bus = options.bus;
    this.#now = options.now ?? Date.now;
    this.#limiter = new FailureLimiter(options.limits, this.#now);
    this.#cacheTtlMs = options.cacheTtlMs ?? 10 * 60_000;
    this.#hash = options.config.get('security').password_hash;
  }

  static async create(options: AuthServiceOptions): Promise<AuthService> {
    const service = new AuthService(options);
    await service.#refreshDefaultFlag();
    service.#unsubscribe = options.bus.on('config:changed', (section) => {
      if (section === 'security') service.#onSecurityChanged();
    });
    return service;
  }

  start(): void {}

  stop(): void {
    this.#unsubscribe?.();
    this.#verified.clear();
  }

  /** Anonymous visitors may use read-only endpoints and sockets. */
  allowReadonly(): boolean {
    return this.#config.get('security').allow_readonly;
  }

  /** Whether the admin password is still the documented default: the live-data `default_password` hint. */
  defaultPasswordActive(): boolean {
    return this.#defaultPassword;
  }

  /**
   * Saves the security settings: a new password is stored as its hash, the mask keeps the stored one.
   * `auth:changed` lets the socket hubs close their anonymous clients when read-only access was turned off.
   */
  async saveSecurity(
    password: string,
    allowReadonly: boolean,
    allowedOrigins?: readonly string[],
  ): Promise<SaveOutcome> {
    const passwordChanged = !isMasked(password);
    const stored = this.#config.get('security');
    const password_hash = passwordChanged ? await hashPassword(password) : stored.password_hash;
    const outcome = await this.#config.update('security', {
      password_hash,
      allow_readonly: allowReadonly,
      // Absent (an OpenDTU client): the stored list stays.
      allowed_origins: allowedOrigins === undefined ? stored.allowed_origins : [...allowedOrigins],
    });
    this.#bus.emit('auth:changed', { allowReadonly, passwordChanged });
    this.#log.info({ allowReadonly, passwordChanged }, 'Security settings saved');
    return outcome;
  }

  /** Decides whether `request` may use a route of `level`. Never logs the credentials. */
  async authorize(request: FastifyRequest, level: AuthLevel): Promise<AuthDecision> {
    if (level === 'public') return { allowed: true };
    // read-only routes do not even look at credentials while anonymous access is on.
    if (level === 'readonly' && this.allowReadonly()) return { allowed: true };
    const credentials = requestCredentials(request);
    if (!credentials) {
      return { allowed: false, reason: hasCredentials(request) ? 'invalid' : 'missing' };
    }
    const blockedMs = this.#limiter.blockedFor(request.ip);
    if (blockedMs > 0)
      return { allowed: false, reason: 'throttled', retryAfterS: Math.ceil(blockedMs / 1000) };
    if (await this.verify(credentials)) {
      this.#limiter.succeed(request.ip);
      return { allowed: true };
    }
    const lockedOut = this.#limiter.fail(request.ip);
    this.#log.warn(
      { ip: request.ip, route: request.routeOptions.url },
      lockedOut ? 'Failed admin login: too many, address locked out for a while' : 'Failed admin login',
    );
    return { allowed: false, reason: 'invalid' };
  }

  /**
   * For WebSocket routes: true when the upgrade may proceed, i.e. anonymous access is on or
   * the request carries the admin credentials (header, `dtu-auth.<token>` subprotocol or `?auth=<token>`).
   * Routes that declare `config: { auth: 'readonly' }` get this check from the auth hook already.
   */
  async authorizeUpgrade(request: FastifyRequest): Promise<boolean> {
    return (await this.authorize(request, 'readonly')).allowed;
  }

  /** Checks a user name and password against the stored hash (cached when right). */
  async verify(credentials: Credentials): Promise<boolean> {
    if (credentials.username !== SecurityLimits.username) return false;
    const hash = this.#config.get('security').password_hash;
    if (hash !== this.#hash) this.#onSecurityChanged();
    const key = createHmac('sha256', this.#cacheKey)
      .update(hash)
      .update('\0')
      .update(credentials.password)
      .digest('base64');
    const now = this.#now();
    const expires = this.#verified.get(key);
    if (expires !== undefined && expires > now) return true;
    this.#verified.delete(key);
    if (!(await verifyPassword(credentials.password, hash))) return false;
    // The password may have changed while scrypt ran; only remember what still matches.
    if (this.#config.get('security').password_hash === hash) {
      if (this.#verified.size >= CACHE_MAX_ENTRIES) {
        const oldest = this.#verified.keys().next().value;
        if (oldest !== undefined) this.#verified.delete(oldest);
      }
      this.#verified.set(key, now + this.#cacheTtlMs);
    }
    return true;
  }

  #onSecurityChanged(): void {
    const hash = this.#config.get('security').password_hash;
    if (hash === this.#hash) return;
    this.#hash = hash;
    this.#verified.clear();
    this.#refreshing = this.#refreshDefaultFlag();
  }

  /** Resolves once the default-password flag reflects the latest saved password. */
  async settled(): Promise<void> {
    await this.#refreshing;
  }

  async #refreshDefaultFlag(): Promise<void> {
    const hash = this.#hash;
    const isDefault = await verifyPassword(SecurityLimits.defaultPassword, hash);
    if (hash === this.#hash) this.#defaultPassword = isDefault;
  }
}

/**
 * The checks every screen must pass (every-screen.spec.ts runs them over every route; screen-checks.spec.ts
 * shows that each one fails on the flaw it is for):
 * - no untranslated text: in German or French, no visible text equals the English page's text, unless it
 *   is on the reviewed allow-list; no i18next key shown instead of its text;
 * - nothing out of bounds at 375 px: no horizontal scroll of the page, no element wider than its card (a
 *   scrolling box, such as a wide table's, keeps what it scrolls), no text cut by `overflow: hidden` without
 *   an ellipsis and a title;
 * - no empty card.
 * The checks read the page as it is: the spec opens each tab, dropdown and dialog before it calls them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { apiGet } from './device-plant';

const LOCALES = fileURLToPath(new URL('../../packages/web/src/i18n/locales', import.meta.url));

/**
 * Texts that are the same in every language, reviewed one by one: proper names, protocols, units and
 * abbreviations that German and French write as English does. Anything else that reads the same as in
 * English is a text nobody translated.
 */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set([
  'OpenDTU',
  'dtu-console',
  'MQTT',
  'Home Assistant',
  'Prometheus',
  'Grafana',
  'Hoymiles',
  'Victron',
  'Shelly',
  'Tasmota',
  'Modbus',
  'SDM',
  'SML',
  'SMA',
  'Speedwire',
  'HTTP',
  'HTTPS',
  'JSON',
  'TLS',
  'NTP',
  'SNTP',
  'DHCP',
  'DNS',
  'IPv4',
  'IPv6',
  'Wi-Fi',
  'Ethernet',
  'Firmware',
  'Hostname',
  'Host',
  'Port',
  'Name',
  'Status',
  'Info',
  'Details',
  'Version',
  'Serial',
  'Type',
  'Total',
  'Online',
  'Offline',
  'OK',
  'Debug',
  'Alarm',
  'Login',
  'Username',
  'Webhook',
  'ntfy',
  'Token',
  'Topic',
  'Broker',
  'Client ID',
  'Retain',
  'QoS',
  'Payload',
  'Timeout',
  'Syslog',
  'Heap',
  'Uptime',
  'Radio',
  'Radio diagnostics',
  'nRF24L01+',
  'CMT2300A',
  'SPI',
  'GPIO',
  'CE',
  'CS',
  'IRQ',
  'MOSI',
  'MISO',
  'SCLK',
  'SDIO',
  'FCSB',
  'GPIO2',
  'GPIO3',
  'AC',
  'DC',
  'Inverter',
  'Dashboard',
  'Export',
  'Import',
  'Minimum',
  'Maximum',
  'Nominal',
  'Latitude',
  'Longitude',
  'Offset',
  'Interval',
  'Restart',
  'Reset',
  'Reboot',
  'Standby',
  'Simulation',
  'Live',
  'Code',
  'Test',
  'RSSI',
  'Software',
  'Hardware',
  // Written so in German or French too (the console's own words, reviewed).
  'System',
  'Limit',
  'Message',
  'Console',
  'mDNS',
  'Signal',
  'SSID',
  'BSSID',
  'LEDs',
  // German words written as in English.
  'Display',
  'Gateway',
  'Region',
  'Strings',
  // French words written as in English.
  'Production',
  'Documentation',
  'Discussion',
  'minutes',
  'Rotation',
  'Actions',
  'Source',
  'Fragmentation',
  'Contact',
  // The language menu names each language in its own words.
  'English',
  'Deutsch',
  'Français',
]);

/**
 * The gateway's data, shown as it is in every language: the names the owner gave (inverters, strings,
 * devices) and what the host and its network say of themselves.
 */
export async function gatewayData(url: string): Promise<Set<string>> {
  const strings = new Set<string>();
  const collect = (value: unknown) => {
    if (typeof value === 'string') strings.add(value.trim());
    else if (value && typeof value === 'object') for (const child of Object.values(value)) collect(child);
  };
  const sources = ['system', 'inverter/list', 'wifi', 'livedata', 'network', 'mqtt', 'ntp'];
  for (const source of sources)
    collect(await apiGet(url, `/api/${source}${source.includes('/') ? '' : '/status'}`));
  // A time is the console's to say in the reader's language, never data shown as it came.
  return new Set([...strings].filter((text) => !/^[A-Z][a-z]+, [A-Z][a-z]+ \d{1,2} \d{4} /.test(text)));
}

/** Every key of the English locale files, as i18next shows it when its text is missing. */
export function localeKeys(): Set<string> {
  const keys = new Set<string>();
  const walk = (value: unknown, prefix: string, namespace: string) => {
    if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value))
        walk(child, prefix ? `${prefix}.${key}` : key, namespace);
    } else {
      keys.add(prefix);
      keys.add(`${namespace}:${prefix}`);
    }
  };
  const files: Array<{ file: string; namespace: string }> = [
    { file: join(LOCALES, 'en.json'), namespace: 'translation' },
  ];
  for (const entry of readdirSync(LOCALES, { withFileTypes: true })) {
    if (entry.isDirectory())
      files.push({ file: join(LOCALES, entry.name, 'en.json'), namespace: entry.name });
  }
  for (const { file, namespace } of files) walk(JSON.parse(readFileSync(file, 'utf8')), '', namespace);
  // A key of one segment is also a word ("status"): only keys with a dot or a namespace count.
  return new Set([...keys].filter((key) => key.includes('.') || key.includes(':')));
}

/**
 * Texts of a German or French page that read as on the English page, and are neither on the allow-list
 * nor the gateway's data (`data`: the owner's names for inverters and devices, the host's own words).
 */
export function untranslated(
  english: ReadonlySet<string>,
  texts: readonly string[],
  data: ReadonlySet<string> = new Set(),
): string[] {
  return [
    ...new Set(
      texts.filter(
        (text) =>
          english.has(text) &&
          !SAME_IN_EVERY_LANGUAGE.has(text) &&
          !data.has(text) &&
          // Numbered channels: German and French write "Phase 1" and "String 1" too.
          !/^(?:Phase|String) \d+$/.test(text) &&
          // Figures, units, serials, model names, times: no word of four letters or more.
          /[A-Za-zÀ-ÿ]{4,}/.test(text.replace(/\b(?:HMS?|HMT|MI|DTU|HERF)-[\w-]+/g, '')),
      ),
    ),
  ];
}

/**
 * Whether a figure stands where the device reported nothing: a limit or value of 0 W or 0 %, as the
 * console once showed an MI's limit it never reported.
 */
export function showsZeroFigure(text: string): boolean {
  return /(?:^|[^\d.,])0(?:[.,]0+)?\s?(?:%|W\b)/.test(text);
}

/** Texts that are an i18next key, shown because its text is missing. */
export function missingKeys(keys: ReadonlySet<string>, texts: readonly string[]): string[] {
  return [...new Set(texts.filter((text) => keys.has(text) || /^[a-z]+:[a-z][\w.]+$/i.test(text)))];
}

/** What one look at the page found: its visible texts, and what is out of bounds or empty, per theme. */
export interface Look {
  texts: string[];
  problems: string[];
}

/** How long a screen may take to show its title and lose its last spinner before a look gives up, ms. */
const SETTLE_MS = 30_000;

/** What a screen shows while its data are on the way. */
const BUSY = '.spinner-border, [aria-busy="true"]';

/**
 * Waits until the screen has settled: its title shown, no spinner or busy region left (a look waits for
 * the same in the page itself).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: SETTLE_MS });
  await expect(page.locator(BUSY).filter({ visible: true })).toHaveCount(0, { timeout: SETTLE_MS });
}

/**
 * One look at the page at its present width, in light and in dark (the theme is switched as the console
 * switches it, on the root element, and put back): the visible texts (text nodes of shown elements and
 * placeholders), empty cards, and, when `narrow`, what is out of bounds. The look is taken once the
 * screen has settled (its title shown, no spinner or busy region left) and drawn two frames since (a
 * chart redrawn by its ResizeObserver a frame after a resize is drawn by then); a screen that does not
 * settle fails the look. In one call into the page: the suite takes hundreds of looks.
 */
export function look(page: Page, narrow: boolean, settleMs = SETTLE_MS): Promise<Look> {
  return page.evaluate(
    async ({ narrow, settleMs, busySelector }) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const visible = (element: Element | null) =>
        element?.checkVisibility({ visibilityProperty: true }) === true;
      const unsettled = () => {
        if (!visible(document.querySelector('h1'))) return 'no title';
        const busy = document.querySelectorAll(busySelector);
        return Array.from(busy).some(visible) ? 'a spinner or busy region' : null;
      };
      const deadline = performance.now() + settleMs;
      for (let waiting = unsettled(); waiting; waiting = unsettled()) {
        if (performance.now() > deadline)
          throw new Error(`the screen did not settle in ${settleMs} ms: ${waiting}`);
        await frame();
      }
      await frame();
      await frame();

      const problems: string[] = [];
      const name = (element: Element) => {
        const id = element.id ? `#${element.id}` : '';
        const testId = element.getAttribute('data-testid');
        const classes = Array.from(element.classList).slice(0, 3).join('.');
        const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        return `${element.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${classes ? `.${classes}` : ''} "${text}"`;
      };
      const shown = (element: Element) =>
        element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        !element.closest('.visually-hidden, script, style, noscript, template');

      const texts: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.replace(/\s+/g, ' ').trim();
        const parent = node.parentElement;
        if (!text || !parent || !shown(parent)) continue;
        // Machine text (a pin's name, a topic, a host) is the same in every language.
        if (parent.closest('code, kbd, samp, .font-monospace')) continue;
        const option = parent.closest('option');
        if (option && !option.selected) continue;
        texts.push(text);
      }
      const fields = document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]');
      for (const input of Array.from(fields)) {
        if (shown(input) && input.placeholder.trim()) texts.push(input.placeholder.trim());
      }

      // A box that scrolls (a wide table's responsive wrapper) keeps what it holds: its content may be wider.
      const scrolls = (element: Element) => {
        const overflow = getComputedStyle(element).overflowX;
        return overflow === 'auto' || overflow === 'scroll';
      };
      const outOfBounds = (theme: string) => {
        const where = (problem: string) => problems.push(`${theme}: ${problem}`);
        const root = document.documentElement;
        if (root.scrollWidth > root.clientWidth + 1) {
          where(`the page scrolls sideways: ${root.scrollWidth} px in ${root.clientWidth} px`);
        }
        // A card, and an open dialog (drawn above the page, whatever card it was opened from).
        for (const card of Array.from(document.querySelectorAll('.card, dialog[open] .modal-content'))) {
          if (!shown(card)) continue;
          const box = card.getBoundingClientRect();
          const dialog = card.closest('dialog');
          for (const element of Array.from(card.querySelectorAll('*'))) {
            if (!shown(element) || element.closest('dialog') !== dialog) continue;
            let inside = element.parentElement;
            let scrolled = false;
            while (inside && inside !== card) {
              if (scrolls(inside)) scrolled = true;
              inside = inside.parentElement;
            }
            if (scrolled) continue;
            const rect = element.getBoundingClientRect();
            if (rect.width === 0 || rect.height === 0) continue;
            if (rect.left < box.left - 1 || rect.right > box.right + 1) {
              where(
                `${name(element)} is wider than its card (${Math.round(rect.left)}..${Math.round(rect.right)} in ${Math.round(box.left)}..${Math.round(box.right)})`,
              );
            }
          }
        }
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
          if (!shown(element)) continue;
          const style = getComputedStyle(element);
          if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
          if (element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 1) continue;
          if (!(element.textContent ?? '').trim()) continue;
          if (style.textOverflow === 'ellipsis' && element.closest('[title]') !== null) continue;
          where(
            `${name(element)} cuts its text (${element.scrollWidth} px in ${element.clientWidth} px) without an ellipsis and a title`,
          );
        }
      };
      const emptyCards = (theme: string) => {
        for (const card of Array.from(document.querySelectorAll('.card'))) {
          if (!card.checkVisibility()) continue;
          // A collapsed card shows its header only, as it should.
          if (
            card.querySelector(
              ':scope > [aria-expanded="false"], :scope > .card-header [aria-expanded="false"]',
            )
          )
            continue;
          const body = Array.from(card.children).filter((child) => !child.classList.contains('card-header'));
          const empty = body.every(
            (child) =>
              !(child as HTMLElement).innerText.trim() &&
              !child.querySelector('svg, canvas, img, input, select, textarea, button'),
          );
          if (empty) {
            const title =
              (card.querySelector('.card-header') as HTMLElement | null)?.innerText.trim() || card.id;
            problems.push(`${theme}: the card "${title || 'without a title'}" is empty`);
          }
        }
      };

      const root = document.documentElement;
      const chosen = root.getAttribute('data-bs-theme');
      for (const theme of ['light', 'dark']) {
        root.setAttribute('data-bs-theme', theme);
        if (narrow) outOfBounds(theme);
        emptyCards(theme);
      }
      if (chosen === null) root.removeAttribute('data-bs-theme');
      else root.setAttribute('data-bs-theme', chosen);
      return { texts, problems };
    },
    { narrow, settleMs, busySelector: BUSY },
  );
}

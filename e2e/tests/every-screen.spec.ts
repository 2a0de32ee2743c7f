import { type ElementHandle, expect, type Locator, type Page, test } from '@playwright/test';
import { ownGatewayPort } from '../ports';
import { consoleRoutes } from '../routes';
import { addDevicePlant, apiGet, type DevicePlant, MI_NAME } from './device-plant';
import { type Gateway, startGateway } from './gateway-process';
import {
  gatewayData,
  localeKeys,
  look,
  missingKeys,
  settled,
  showsZeroFigure,
  untranslated,
} from './screen-checks';
import { signedIn } from './session';

/**
 * Every route of the console, as an owner with every kind of device sees it: the simulated plant, an MI
 * (which reports no limit and no AC current), a Wi-Fi inverter (no radio statistics, no grid profile) and
 * the simulated house meter. Each route is shown in English, German and French, signed in; in each, every
 * tab, dropdown, expander and dialog the screen offers is opened once, and each state is checked in light
 * and dark at 1280 and 375 px (screen-checks.ts): no untranslated text, no key for a text, nothing out of
 * bounds, no empty card. The family rules (nothing shown for what a device does not report) follow.
 */

const LANGUAGES = ['en', 'de', 'fr'] as const;
const WIDTHS = [1280, 375] as const;
const SLOW = { timeout: 30_000 };

let gateway: Gateway;
let plant: DevicePlant;
const KEYS = localeKeys();

const json = <T>(path: string) => apiGet<T>(gateway.url, path);

test.beforeAll(async () => {
  // Wall time: a gateway of its own, a Wi-Fi device on loopback and an MI's first answers.
  test.setTimeout(120_000);
  // A gateway per worker: the routes are shared out among the workers (the file runs in parallel mode).
  gateway = await startGateway(ownGatewayPort(30 + test.info().parallelIndex), []);
  plant = await addDevicePlant(gateway.url);
});

test.afterAll(async () => {
  plant?.stop();
  await gateway?.stop();
});

interface Found {
  texts: string[];
  problems: string[];
}

/**
 * The checks of one state of the screen: a look at each width (each in light and dark; a look waits for
 * the screen to settle first). The width the last state ended in is looked at first, so that each state
 * costs one resize. Three calls into the page a state: the tours make thousands of them.
 */
async function check(page: Page, state: string, found: Found): Promise<void> {
  const started = Date.now();
  const now = page.viewportSize()?.width ?? WIDTHS[0];
  for (const width of now === WIDTHS[0] ? WIDTHS : [...WIDTHS].reverse()) {
    if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height: 900 });
    const seen = await look(page, width < 600).catch((error: Error) => {
      throw new Error(`${state}, ${width} px: ${error.message}`);
    });
    found.texts.push(...seen.texts);
    found.problems.push(...seen.problems.map((problem) => `${state}, ${width} px, ${problem}`));
  }
  if (process.env.SCREEN_TIMES) console.log(`${state}: checked in ${Date.now() - started} ms`);
}

/** What the tour needs to know of an opener or a tab, read in one call into the page. */
interface Control {
  usable: boolean;
  label: string;
  dialog: boolean;
  expanded: boolean;
  id: string;
}

const control = (handle: ElementHandle<Node>, index: number): Promise<Control> =>
  handle.evaluate((node, index) => {
    const element = node as HTMLElement;
    // As Playwright's visible and enabled: drawn with a size, not disabled (also by its fieldset).
    const box = element.getBoundingClientRect();
    return {
      usable:
        element.checkVisibility({ visibilityProperty: true }) &&
        box.width > 0 &&
        box.height > 0 &&
        !element.matches(':disabled') &&
        element.getAttribute('aria-disabled') !== 'true',
      label:
        element.innerText.replace(/\s+/g, ' ').trim() ||
        element.getAttribute('aria-label') ||
        `opener ${index}`,
      dialog: element.getAttribute('aria-haspopup') === 'dialog',
      expanded: element.getAttribute('aria-expanded') === 'true',
      id: element.id,
    };
  }, index);

/**
 * Opens each of these once (a dialog is closed again with Escape, an expander or menu by a second click).
 * The openers are taken as the state shows them before the first is opened: opening one changes the list.
 */
async function openEach(page: Page, openers: Locator, state: string, found: Found): Promise<void> {
  const handles = await openers.elementHandles();
  for (const [index, opener] of handles.entries()) {
    const { usable, label, dialog } = await control(opener, index);
    if (!usable) continue;
    await opener.click();
    if (dialog) await expect(page.locator('dialog[open]')).toBeVisible(SLOW);
    await check(page, `${state} → ${label}`, found);
    if (dialog) {
      await page.keyboard.press('Escape');
      await expect(page.locator('dialog[open]')).toHaveCount(0, SLOW);
    } else {
      const after = await control(opener, index);
      if (after.expanded && after.usable) await opener.click();
    }
  }
}

/**
 * Every state of the route: as loaded; each menu, expander and dialog outside the tabs; then each tab, and
 * in it each of its own dialogs and expanders.
 */
async function tour(page: Page, path: string, language: string): Promise<Found> {
  const found: Found = { texts: [], problems: [] };
  await page.goto(`${gateway.url}${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const state = `${path} (${language})`;
  await check(page, state, found);
  const opens = '[aria-haspopup="dialog"], [aria-expanded="false"]';
  // The navigation bar's menus are the same on every screen: opened on the live view only.
  const shell = path === '/' ? '' : ':not(nav *)';
  await openEach(page, page.locator(`:is(${opens}):not([role="tabpanel"] *)${shell}`), state, found);
  const tabs = page.getByRole('tab');
  // Each inverter's tab is looked at; its dialogs are opened once per kind of inverter (its serial's
  // first four digits: the family and size), as they are the same dialogs for the same kind.
  const kinds = new Set<string>();
  for (const [index, tab] of (await tabs.elementHandles()).entries()) {
    const { usable, label, id } = await control(tab, index);
    if (!usable) continue;
    const inTab = `${state} → tab ${label}`;
    await tab.click();
    await check(page, inTab, found);
    const kind = id.replace(/^tab-/, '').slice(0, 4);
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    await openEach(page, page.locator(`[role="tabpanel"]:visible :is(${opens})`), inTab, found);
  }
  return found;
}

test.describe.configure({ mode: 'parallel' });

test.describe('every screen', () => {
  for (const { path } of consoleRoutes()) {
    test(`${path}: translated, within bounds at 375 px, no empty card, in en, de and fr, light and dark`, async ({
      page,
    }) => {
      // Wall time: three languages, each state at two widths and in two themes. The live view is the
      // longest tour (nine inverters' tabs and the dialogs of each kind): about 70 s alone on a quiet
      // machine, over 4 minutes once on a loaded CI run.
      test.setTimeout(path === '/' ? 600_000 : 240_000);
      await signedIn(page);
      const problems: string[] = [];
      let english = new Set<string>();
      const data = await gatewayData(gateway.url);
      for (const language of LANGUAGES) {
        await page.addInitScript((l) => localStorage.setItem('locale', l), language);
        // A step per language: Playwright files each call of the tour under it at once, instead of
        // searching the test's whole list of calls for its parent at every call (docs/testing.md).
        const found = await test.step(`${path} (${language})`, () => tour(page, path, language));
        problems.push(...found.problems);
        problems.push(
          ...missingKeys(KEYS, found.texts).map(
            (key) => `${path} (${language}): the key "${key}" instead of its text`,
          ),
        );
        if (language === 'en') english = new Set(found.texts);
        else
          problems.push(
            ...untranslated(english, found.texts, data).map(
              (text) => `${path} (${language}): "${text}" is English`,
            ),
          );
      }
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});

test.describe('nothing shown for what a device does not report', () => {
  for (const language of LANGUAGES) {
    test(`the MI and the Wi-Fi inverter in the live view and System info (${language})`, async ({ page }) => {
      await signedIn(page);
      await page.addInitScript((l) => localStorage.setItem('locale', l), language);
      await page.goto(`${gateway.url}/`);
      await settled(page);
      // The MI: no limit figure, no AC current, no grid profile.
      await page.getByRole('tab', { name: new RegExp(MI_NAME) }).click();
      const mi = page.getByRole('tabpanel');
      expect(showsZeroFigure(await mi.getByTestId('inverter-limit').innerText())).toBe(false);
      await expect(mi.getByTestId('inverter-limit-reason')).toBeVisible();
      await expect(mi.locator('[data-kind="AC"] [data-field="Current"]')).toHaveCount(0);
      const grid = { en: 'Grid profile', de: 'Netzprofil', fr: 'Profil réseau' }[language];
      await expect(mi.getByRole('button', { name: grid })).toHaveCount(0);
      // The Wi-Fi inverter: no grid profile either.
      const live = await json<{ inverters: { serial: string; name: string }[] }>('/api/livedata/status');
      const wifi = live.inverters.find(
        (inverter) => inverter.serial.toLowerCase() === plant.wifiSerial.toLowerCase(),
      );
      await page.getByRole('tab', { name: new RegExp(wifi?.name || plant.wifiSerial) }).click();
      await expect(page.getByRole('tabpanel').getByRole('button', { name: grid })).toHaveCount(0);
      // System info: the Wi-Fi inverter is not in the radio's table (it has no radio statistics).
      await page.goto(`${gateway.url}/info/system`);
      await settled(page);
      const radio = page.getByTestId('radio-stats');
      if (await radio.count()) await expect(radio).not.toContainText(plant.wifiSerial);
    });
  }
});

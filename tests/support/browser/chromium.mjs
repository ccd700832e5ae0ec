// Finds a Chromium for the browser tests: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import { chromium } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser's own address-bar pop-ups, which headless Chromium still builds, as web pages of their own, for every
 * window, that is every test's context: each kept a renderer at a fifth of a core, a third of the browser's CPU
 * (decision 086).
 */
const IDLE_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/**
 * Playwright's own --disable-features list, read from its bundle: Chromium heeds only the last --disable-features
 * it is given, so ours must repeat Playwright's (what keeps routes, navigations and paints as the tests expect).
 */
function playwrightDisabledFeatures() {
  const bundle = createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(fs.readFileSync(bundle, 'utf8'))?.[1];
  const features = list
    ?.split('\n')
    .filter((line) => !line.trim().startsWith('//'))
    .flatMap((line) => [...line.matchAll(/"(\w+)"/g)].map((match) => match[1]));
  if (!features?.length) throw new Error(`No list of disabled features found in ${bundle}: Playwright changed.`);
  return features;
}

/** What the browser tests launch Chromium with. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...playwrightDisabledFeatures(), ...IDLE_FEATURES].join(',')}`,
];

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright has no browser of its own here.
  }
  return candidates.find((file) => file && fs.existsSync(file));
}

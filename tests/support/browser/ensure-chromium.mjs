// Makes sure a Chromium exists before the browser tests: Debian's package when we
// can install it (root with apt-get), Playwright's download elsewhere.
import { execSync } from 'node:child_process';

import { findChromium } from './chromium.mjs';

/** Whether apt-get can install packages here: root, on a Debian-like system. */
function canApt() {
  if (process.getuid?.() !== 0) return false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hasLiberationSans() {
  try {
    execSync('fc-list | grep -q "Liberation Sans"', { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const apt = canApt();
const missing = [];
// The pages' metric-matched fallback font is local Liberation Sans (decision 016), which Debian's chromium
// only recommends: a Chromium installed without it lays text out wider, and the layout tests fail.
if (!hasLiberationSans()) {
  if (apt) missing.push('fonts-liberation');
  else console.warn('Liberation Sans is not installed: the layout tests may fail.');
}
const found = findChromium();
if (!found && apt) missing.push('chromium');

if (missing.length) {
  console.log(`Installing ${missing.join(' ')}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
}
if (!found && !apt) {
  console.log('Installing Playwright chromium…');
  execSync('npx playwright install chromium', { stdio: 'inherit' });
}
const chromium = found ?? findChromium();
if (!chromium) throw new Error('No Chromium could be found or installed for the browser tests.');
console.log(`Chromium: ${chromium}`);

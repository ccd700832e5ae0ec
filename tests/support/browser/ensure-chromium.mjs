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

// The pages' metric-matched fallback font is local Liberation Sans (decision 016), which Debian's chromium
// only recommends: a Chromium installed without it lays text out wider, and the layout tests fail.
try {
  execSync('fc-list | grep -q "Liberation Sans"', { stdio: 'ignore' });
} catch {
  if (canApt()) {
    console.log('Installing fonts-liberation…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-liberation', {
      stdio: 'inherit',
    });
  } else console.warn('Liberation Sans is not installed: the layout tests may fail.');
}

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
} else {
  if (canApt()) {
    console.log('Installing Debian chromium…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } else {
    console.log('Installing Playwright chromium…');
    execSync('npx playwright install chromium', { stdio: 'inherit' });
  }
  const installed = findChromium();
  if (!installed) throw new Error('No Chromium could be found or installed for the browser tests.');
  console.log(`Chromium: ${installed}`);
}

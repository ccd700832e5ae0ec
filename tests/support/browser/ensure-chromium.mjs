// Makes sure a Chromium exists before the browser tests: Debian's package when we
// can install it (root with apt-get), Playwright's download elsewhere.
import { execSync } from 'node:child_process';

import { findChromium } from './chromium.mjs';

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
} else {
  const isRoot = process.getuid?.() === 0;
  let hasApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    hasApt = true;
  } catch {
    // No apt-get on this platform.
  }
  if (isRoot && hasApt) {
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

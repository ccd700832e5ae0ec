import { expect, test } from '@playwright/test';

// Decision 102: a page the same for every visitor opens in no new browsing context group, so a window of another
// site that opened it keeps its handle; a page that holds anyone's data (the console's) takes the handle away.
test("another site's window keeps its handle on a public page, and loses it on the console's", async ({
  page,
  baseURL,
}) => {
  // 127.0.0.1 and localhost are two sites to the browser: the same server under another name.
  await page.goto(`${baseURL!.replace('localhost', '127.0.0.1')}/privacy`);
  for (const [path, kept] of [
    ['/services', true],
    ['/es/privacidad', true],
    ['/staff/sign-in', false],
  ] as const) {
    const opened = page.context().waitForEvent('page');
    const handle = await page.evaluateHandle((url) => window.open(url), `${baseURL}${path}`);
    const popup = await opened;
    await popup.waitForLoadState();
    await expect(popup.locator('h1').first()).toBeVisible();
    expect(await handle.evaluate((other) => other === null || other.closed), path).toBe(!kept);
    await popup.close();
  }
});

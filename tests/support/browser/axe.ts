import fs from 'node:fs';
import { createRequire } from 'node:module';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Results = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * What axe runs: its default rules (which hold every rule tagged wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa and
 * best-practice but the four it leaves off by default: target-size, aria-roledescription, audio-caption and
 * landmark-complementary-is-top-level), reporting violations only: collecting every passing node too costs about a
 * quarter of each run.
 */
const OPTIONS = { resultTypes: ['violations'] } satisfies Parameters<AxeBuilder['options']>[0];

/** axe-core's own script, the one AxeBuilder injects (axe-core is its dependency, not the project's). */
const AXE_SOURCE = fs.readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * One axe.run in the page's document, axe injected once per document: AxeBuilder sends and compiles its 580 kB
 * script twice on every call and asks five more round trips, which on a busy two-core machine cost more than the
 * run itself on a short page; a page checked at two widths now gets it once. null: axe is not in this document yet.
 */
const runInPage = (page: Page) =>
  page.evaluate(
    (options) =>
      'axe' in window
        ? (window as unknown as { axe: { run: (context: Document, o: object) => Promise<Results> } }).axe
            .run(document, options)
            .then((results) => results.violations)
        : null,
    OPTIONS,
  );

async function violationsIn(page: Page): Promise<Results['violations']> {
  // A page with frames: AxeBuilder runs axe in each frame and merges the results.
  if (page.frames().length > 1) return (await new AxeBuilder({ page }).options(OPTIONS).analyze()).violations;
  const found = await runInPage(page);
  if (found) return found;
  await page.evaluate(AXE_SOURCE);
  return (await runInPage(page))!;
}

/** axe-core over the whole page; violations listed by rule and element so a failure says what to fix. */
export async function violations(page: Page): Promise<string[]> {
  return (await violationsIn(page)).flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
    ),
  );
}

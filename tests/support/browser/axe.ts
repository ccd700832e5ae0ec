import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe-core over the whole page; violations listed by rule and element so a failure says what to fix. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    // One axe.run in the page. The default runs axe in each frame, then merges the results in a new blank page
    // with axe injected again: 2.5 times the time (1.5 s against 4 s a run on a busy two-core machine), for
    // frames that only a page that has them needs.
    .setLegacyMode(page.frames().length === 1)
    .withTags(TAGS)
    // Only violations are reported: collecting every passing node too costs about a quarter of each run.
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
    ),
  );
}

import { describe, expect, it } from 'vitest';

import { ARTICLE_HTML, EMAIL_HTML, sanitize } from '../../server/lib/markdown/profiles';
import { renderMarkdown } from '../../server/lib/markdown/render';

/** What the site's rules write for a figure, a table and a link, then a script no rule would write. */
const html = `${renderMarkdown(
  '![A bar chart](/images/blog/figure.svg)\n\n| Drug | Dose |\n|:--|--:|\n| Aspirin | 5 mg |\n\n[the NIH](https://www.nih.gov/ "NIH")\n',
  { imageSize: () => ({ width: 800, height: 450 }) },
)}<script>alert(1)</script>`;

describe('the sanitize profiles', () => {
  const article = sanitize(html, ARTICLE_HTML);
  const email = sanitize(html, EMAIL_HTML);

  it('an article keeps its image and its table with their attributes; an e-mail drops both and keeps the words', () => {
    expect(article).toContain(
      '<img src="/images/blog/figure.svg" alt="A bar chart" width="800" height="450" loading="lazy" decoding="async" />',
    );
    expect(article).toContain(
      '<div class="table-scroll" role="region" aria-label="Table: Drug, Dose" tabindex="0"><table>',
    );
    expect(article).toContain('<td class="align-right">5 mg</td>');
    expect(email).not.toMatch(/<(img|table|div|td)\b|class=/);
    expect(email).toContain('Aspirin');
  });

  it("an e-mail's link keeps only its address; an article's its title and rel too", () => {
    expect(email).toContain('<a href="https://www.nih.gov/">the NIH</a>');
    expect(article).toContain('<a href="https://www.nih.gov/" title="NIH" rel="noopener noreferrer">the NIH</a>');
  });

  it('neither keeps a script: an article shows it as text, an e-mail drops it', () => {
    expect(article).not.toContain('<script');
    expect(article).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(email).not.toMatch(/<script|alert/);
  });
});

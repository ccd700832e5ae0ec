import { describe, expect, it } from 'vitest';

import { campaignMail } from '../../server/newsletter/campaignMail';
import { siteFacts } from '../../shared/content/data';
import { locales } from '../../shared/lib/locale';
import { testConfig } from '../support/helpers';
import { TEST_IDENTITY } from '../support/serverCommand';

const SITE = 'https://meridianlab.example';
const links = {
  siteUrl: SITE,
  unsubscribeUrl: `${SITE}/newsletter/unsubscribe?token=7.signature.c3`,
  listId: 'articles.meridianlab.example',
};
const content = {
  subject: 'A new article',
  preview: 'What it is about',
  body: '## Title\n\nSome *words*.\n\n[Read the article](https://meridianlab.example/blog/a-post)\n\n![a tracker](https://tracker.example/p.gif)',
};

/** The lab's identity as its settings give it. */
const { identity } = testConfig();

describe.each(locales)('a campaign e-mail in %s', (locale) => {
  const mail = campaignMail('reader@example.com', { content, locale, links, lab: identity });

  it('identifies its sender with the legal name, postal address and a contact, in both parts, and carries the reader’s unsubscribe link (CASL, CAN-SPAM)', () => {
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(TEST_IDENTITY.LAB_LEGAL_NAME);
      expect(part).toContain(TEST_IDENTITY.LAB_POSTAL_ADDRESS);
      expect(part).toContain(siteFacts.email);
    }
    expect(mail.text).toContain(links.unsubscribeUrl);
    expect(mail.html).toContain(`href="${links.unsubscribeUrl}"`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${siteFacts.name} articles <articles.meridianlab.example>`,
      Precedence: 'bulk',
    });
  });

  it("has a plain-text part that reads as text: the article's title, summary and link, no Markdown marks", () => {
    const body = mail.text.split('\n--\n')[0]!;
    expect(body).not.toMatch(/^#|\*\*|\]\(/m);
    expect(body).toContain('Title\n\nSome words.\n\nRead the article: https://meridianlab.example/blog/a-post');
  });

  it('says unsubscribing needs no sign-in, and never that it is one click (the link opens a page with a button)', () => {
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(locale === 'en' ? 'no sign-in needed' : 'sin iniciar sesión');
      expect(part).not.toMatch(/one click|un clic/);
    }
  });

  it('says plainly that a fact is not yet published where the settings lack it (a test or a preview before launch)', () => {
    const unset = campaignMail('staff@example.com', { content, locale, links, lab: { legalName: identity.legalName } });
    const words = locale === 'en' ? '(not yet published)' : '(pendiente de publicación)';
    for (const part of [unset.text, unset.html!]) {
      expect(part).toContain(TEST_IDENTITY.LAB_LEGAL_NAME);
      expect(part).toContain(words);
      expect(part).not.toMatch(/\[POSTAL ADDRESS\]|\{\{/);
    }
  });

  it('has a plain-text part and an HTML part in its language, with the preview line', () => {
    expect(mail.text).toContain('Some words.');
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).toContain('Some <em>words</em>.');
    expect(mail.html).toContain('What it is about');
  });

  it('carries no tracking pixel and no per-reader link: its links to the site carry the campaign and language alone', () => {
    const tagged = campaignMail('reader@example.com', {
      content,
      locale,
      links: { ...links, tags: { campaign: '3-a-post', locale } },
      lab: identity,
    });
    expect(tagged.html).not.toMatch(/<img|tracker\.example/);
    const hrefs = [...tagged.html!.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    const tags = `utm_source=newsletter&utm_medium=email&utm_campaign=3-a-post&utm_content=${locale}`;
    expect(hrefs.sort()).toEqual(
      [links.unsubscribeUrl, `https://meridianlab.example/blog/a-post?${tags}`, `${SITE}/?${tags}`].sort(),
    );
    expect(tagged.text).toContain(`Read the article: https://meridianlab.example/blog/a-post?${tags}`);
    // The plain-text part's links too, the site's address under the sender's among them: a reader may click any.
    const textLinks = tagged.text.match(/https:\/\/meridianlab\.example\S*/g)!;
    expect(textLinks.filter((url) => url !== links.unsubscribeUrl).sort()).toEqual(
      [`https://meridianlab.example/blog/a-post?${tags}`, `${SITE}/?${tags}`].sort(),
    );
  });

  it('looks like the lab: its name as a text logo, the cover with its alt text from the site, a real button, dark mode', () => {
    const dressed = campaignMail('reader@example.com', {
      content,
      locale,
      links: { ...links, cover: { src: `${SITE}/images/blog/cover.webp`, alt: 'A cell culture plate' } },
      lab: identity,
    }).html!;
    expect(dressed).toMatch(new RegExp(`class="mail-logo"[^>]*>.*${siteFacts.name}</a>`));
    expect(dressed).toContain(`<img src="${SITE}/images/blog/cover.webp" alt="A cell culture plate"`);
    // The body's lone link is a table button, the link filling its coloured cell.
    expect(dressed).toMatch(
      /<table role="presentation"[^>]*class="mail-button"[^>]*><tr><td style="background:#6d28d9[^"]*"><a href="https:\/\/meridianlab\.example\/blog\/a-post"[^>]*>Read the article<\/a><\/td><\/tr><\/table>/,
    );
    expect(dressed).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(dressed).toContain('@media (prefers-color-scheme: dark)');
  });
});

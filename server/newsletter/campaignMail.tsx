import { renderToStaticMarkup } from 'react-dom/server';

import { siteFacts } from '../../shared/content/data';
import type { LegalFacts } from '../../shared/content/legalFacts';
import type { Locale } from '../../shared/lib/locale';
import { localeTags } from '../../shared/lib/locale';
import { markdownText } from '../lib/markdown/plainText';
import { EMAIL_HTML, sanitize } from '../lib/markdown/profiles';
import { renderStockMarkdown } from '../lib/markdown/render';
import { headerText } from '../outbox/headerText';
import type { MailMessage } from '../outbox/store';
import type { CampaignTags } from './campaignLinks';
import { taggedUrl, tagMarkdownLinks } from './campaignLinks';
import { campaignWords } from './campaignTexts';
import { listUnsubscribeHeaders } from './messages';
import { sender, senderFacts } from './texts';

/** What a campaign says in one language. */
export interface CampaignContent {
  subject: string;
  /** The line a mail client shows after the subject. */
  preview: string;
  /** Markdown. */
  body: string;
}

export interface CampaignLinks {
  siteUrl: string;
  /** The reader's own one-click unsubscribe link. */
  unsubscribeUrl: string;
  /** The list's id (RFC 2919), such as "articles.meridianlab.dev". */
  listId: string;
  /** The campaign's tags for its links to the site (decision 074); none in a mail outside a campaign. */
  tags?: CampaignTags;
  /** The article's cover, an absolute URL on the site, and its alt text. */
  cover?: { src: string; alt: string };
}

/** The body with its links to the site tagged, and the site's own address (the logo's link) tagged the same. */
const tagged = ({ content, links }: Pick<CampaignParts, 'content' | 'links'>) =>
  links.tags
    ? {
        body: tagMarkdownLinks(content.body, links.siteUrl, links.tags),
        home: taggedUrl(links.siteUrl, links.siteUrl, links.tags),
      }
    : { body: content.body, home: links.siteUrl };

const text = '#16162b';
const muted = '#55566e';
const violet = '#6d28d9';

/**
 * Dark mode for the clients that honour it (Apple Mail, Outlook on the web and the apps); Gmail repaints by itself.
 * The colours are inline for the clients that drop <style>; these take over only where it is kept. The logo's and
 * the footer's rules name the card too, so that they outrank its links' and paragraphs' (all are !important).
 */
const DARK_MODE = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.mail-page{background:#0b0b1a !important}
.mail-card{background:#141430 !important}
.mail-card,.mail-card h2,.mail-card p,.mail-card a.mail-logo{color:#f5f5fb !important}
.mail-card .mail-muted,.mail-card .mail-muted a{color:#b9bad0 !important}
.mail-mark{color:#a78bfa !important}
.mail-card hr{border-top-color:#2e2e5a !important}
.mail-card a{color:#a78bfa !important}
.mail-button td{background:#a78bfa !important}
.mail-button a{color:#0b0b1a !important}
}
@media (max-width: 480px){.mail-inner{padding:20px 16px !important}}`;

/**
 * A paragraph that is one link, as the body ends ("Read the article"), becomes a button that works in every client:
 * a table cell with its colour, the link filling it (a "bulletproof" button: no image, no VML needed).
 */
const withButton = (html: string) =>
  html.replace(
    /<p><a href="([^"]+)">([^<]+)<\/a><\/p>/g,
    (_paragraph, href: string, words: string) =>
      `<table role="presentation" cellpadding="0" cellspacing="0" class="mail-button" style="margin:8px 0 4px"><tr>` +
      `<td style="background:${violet};border-radius:6px"><a href="${href}" style="display:inline-block;padding:12px 24px;` +
      `font-weight:700;color:#ffffff;text-decoration:none;border-radius:6px">${words}</a></td></tr></table>`,
  );

interface CampaignParts {
  content: CampaignContent;
  locale: Locale;
  links: CampaignLinks;
  /** The lab's legal identity as the settings give it. */
  lab: Partial<LegalFacts>;
}

function CampaignHtml({ content, locale, links, lab }: CampaignParts) {
  const words = campaignWords[locale];
  const { legalName, postalAddress } = senderFacts(lab, locale);
  const { body, home } = tagged({ content, links });
  return (
    <html lang={localeTags[locale].lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.subject}</title>
        <style dangerouslySetInnerHTML={{ __html: DARK_MODE }} />
      </head>
      <body className="mail-page" style={{ margin: 0, padding: 0, background: '#f5f5fb', color: text }}>
        {/* The preview line: shown by the inbox after the subject, hidden in the message. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{content.preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  className="mail-card"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, background: '#ffffff', borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        className="mail-inner"
                        style={{
                          padding: 32,
                          fontSize: 16,
                          lineHeight: 1.6,
                          fontFamily: 'system-ui, Helvetica, Arial, sans-serif',
                        }}
                      >
                        {/* The lab's name as its logo: text, so it shows where images are off. */}
                        <p style={{ margin: '0 0 20px' }}>
                          <a
                            className="mail-logo"
                            href={home}
                            style={{ color: text, textDecoration: 'none', fontWeight: 800, fontSize: 20 }}
                          >
                            <span className="mail-mark" style={{ color: violet }}>
                              ◆
                            </span>{' '}
                            {siteFacts.name}
                          </a>
                        </p>
                        {links.cover && (
                          <img
                            src={links.cover.src}
                            alt={links.cover.alt}
                            width={536}
                            style={{
                              display: 'block',
                              width: '100%',
                              maxWidth: 536,
                              height: 'auto',
                              borderRadius: 6,
                              margin: '0 0 20px',
                            }}
                          />
                        )}
                        <div
                          dangerouslySetInnerHTML={{
                            __html: withButton(sanitize(renderStockMarkdown(body), EMAIL_HTML)),
                          }}
                        />
                        <hr style={{ border: 0, borderTop: '1px solid #e7e5e4', margin: '24px 0' }} />
                        <p className="mail-muted" style={{ margin: '0 0 8px', fontSize: 13, color: muted }}>
                          {words.why}{' '}
                          <a href={links.unsubscribeUrl} style={{ color: muted }}>
                            {words.unsubscribe}
                          </a>{' '}
                          ({words.unsubscribeNote}).
                        </p>
                        <p className="mail-muted" style={{ margin: 0, fontSize: 13, color: muted }}>
                          {siteFacts.name} ({legalName}) · {postalAddress} · {siteFacts.email}
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The HTML part alone, as the console previews it. */
export function campaignHtml(parts: CampaignParts): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(<CampaignHtml {...parts} />)}`;
}

/**
 * The plain-text part: the body's words without Markdown's marks, then why, how to stop, and who sends, the site's
 * address there tagged as the HTML's logo is (a reader may click it).
 */
export function campaignText({ content, locale, links, lab }: CampaignParts): string {
  const words = campaignWords[locale];
  const { body, home } = tagged({ content, links });
  return `${markdownText(body)}

--
${words.why}
${words.unsubscribe} (${words.unsubscribeNote}): ${links.unsubscribeUrl}

${sender(senderFacts(lab, locale), home)}
`;
}

/**
 * One campaign e-mail to one reader, in their language: both parts, and the
 * headers a mail client shows an unsubscribe button for (RFC 2369, RFC 8058)
 * and groups a list by (RFC 2919).
 */
export function campaignMail(
  to: string,
  {
    content,
    locale,
    links,
    lab,
  }: { content: CampaignContent; locale: Locale; links: CampaignLinks; lab: Partial<LegalFacts> },
): MailMessage {
  const parts = { content, locale, links, lab };
  return {
    to,
    subject: headerText(content.subject),
    text: campaignText(parts),
    html: campaignHtml(parts),
    headers: {
      ...listUnsubscribeHeaders(links.unsubscribeUrl),
      // One list in both languages; plain ASCII, so no encoding hides the id in its angle brackets.
      'List-Id': `${siteFacts.name} articles <${links.listId}>`,
      Precedence: 'bulk',
    },
  };
}

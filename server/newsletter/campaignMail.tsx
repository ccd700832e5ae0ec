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
}

/** The body with its links to the site tagged, and the site's own address (the logo's link) tagged the same. */
const tagged = ({ content, links }: Pick<CampaignParts, 'content' | 'links'>) =>
  links.tags
    ? {
        body: tagMarkdownLinks(content.body, links.siteUrl, links.tags),
        home: taggedUrl(links.siteUrl, links.siteUrl, links.tags),
      }
    : { body: content.body, home: links.siteUrl };

const text = '#1c1917';
const muted = '#57534e';

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
        <title>{content.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f5f5f4', color: text }}>
        {/* The preview line: shown by the inbox after the subject, hidden in the message. */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{content.preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, background: '#ffffff', borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: 24,
                          fontSize: 16,
                          lineHeight: 1.6,
                          fontFamily: 'system-ui, Helvetica, Arial, sans-serif',
                        }}
                      >
                        <p style={{ margin: '0 0 16px', fontWeight: 700, fontSize: 18 }}>
                          <a href={home} style={{ color: text, textDecoration: 'none' }}>
                            {siteFacts.name}
                          </a>
                        </p>
                        <div dangerouslySetInnerHTML={{ __html: sanitize(renderStockMarkdown(body), EMAIL_HTML) }} />
                        <hr style={{ border: 0, borderTop: '1px solid #e7e5e4', margin: '24px 0' }} />
                        <p style={{ margin: '0 0 8px', fontSize: 13, color: muted }}>
                          {words.why}{' '}
                          <a href={links.unsubscribeUrl} style={{ color: muted }}>
                            {words.unsubscribe}
                          </a>{' '}
                          ({words.unsubscribeNote}).
                        </p>
                        <p style={{ margin: 0, fontSize: 13, color: muted }}>
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

/** The plain-text part: the body's words without Markdown's marks, then why, how to stop, and who sends. */
export function campaignText({ content, locale, links, lab }: CampaignParts): string {
  const words = campaignWords[locale];
  return `${markdownText(tagged({ content, links }).body)}

--
${words.why}
${words.unsubscribe} (${words.unsubscribeNote}): ${links.unsubscribeUrl}

${sender(senderFacts(lab, locale), links.siteUrl)}
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

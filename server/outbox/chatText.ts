/**
 * A visitor's words made inert in a chat tool's message text, still readable:
 * `&`, `<` and `>` escaped as Slack's mrkdwn asks (so `<!channel>` and
 * `<https://x|y>` are shown, never run as a mention or a disguised link), and an
 * invisible word joiner after `@` and between `]` and `(`, so `@here` and
 * Markdown's `[text](url)` stay plain words.
 */
export function chatText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(?=\w)/g, '@\u2060')
    .replace(/\](?=\()/g, ']\u2060');
}

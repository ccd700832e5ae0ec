/**
 * Markdown as a plain-text e-mail part reads it: headings and paragraphs as their words, emphasis without its
 * marks, a link as its words and its address ("Read the article: https://…"), list items after a dash. Marked's
 * own lexer reads the Markdown, so the text follows exactly what the HTML part shows.
 */
import type { Token, Tokens } from 'marked';
import { Lexer } from 'marked';

function inline(tokens: readonly Token[] = []): string {
  return tokens
    .map((token) => {
      if (token.type === 'link') {
        const { href, tokens: words } = token as Tokens.Link;
        const text = inline(words);
        return text && text !== href ? `${text}: ${href}` : href;
      }
      if (token.type === 'br') return '\n';
      if ('tokens' in token && token.tokens) return inline(token.tokens);
      return 'text' in token ? token.text : '';
    })
    .join('');
}

function block(token: Token): string {
  if (token.type === 'list')
    return (token as Tokens.List).items.map((item) => `- ${inline(item.tokens).trim()}`).join('\n');
  if (token.type === 'space' || token.type === 'hr') return '';
  if ('tokens' in token && token.tokens) return inline(token.tokens);
  return 'text' in token ? token.text : '';
}

/** The plain text of a Markdown document, one blank line between its blocks. */
export function markdownText(markdown: string): string {
  return Lexer.lex(markdown)
    .map(block)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

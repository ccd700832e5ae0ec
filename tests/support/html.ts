import { expect } from 'vitest';

/** Visible text of an HTML fragment: no tags, no icons, React's text separators removed, entities decoded. */
export function text(html: string): string {
  return html
    .replace(/<svg\b[\s\S]*?<\/svg>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The inner HTML of each element matching an opening-tag pattern (elements of that tag must not nest). */
export function elements(html: string, tag: string, attributes: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b[^>]*${attributes}[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

/** The inner HTML of the section labelled by the element with this id. */
export function section(html: string, labelledBy: string): string {
  const [inner] = elements(html, 'section', `aria-labelledby="${labelledBy}"`);
  expect(inner, `section ${labelledBy}`).toBeDefined();
  return inner ?? '';
}

export function links(html: string): { href: string; text: string }[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes = '', inner = '']) => ({
    href: /\bhref="([^"]*)"/.exec(attributes)?.[1] ?? '',
    text: text(inner),
  }));
}

/** Splits a Markdown file into its YAML front matter and its body. */
import { parse } from 'yaml';

export interface MarkdownFile {
  data: unknown;
  body: string;
}

export function splitFrontMatter(source: string): MarkdownFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match)
    throw new Error('no front matter: the file must start with a "---" line, the fields, and another "---" line');
  return { data: parse(match[1]!) as unknown, body: match[2]! };
}

import { DIRECT_SOURCE } from '../../shared/lib/attribution';

/**
 * How the console groups where visits come from (decisions 046, 074): search engines, social networks, e-mail
 * (webmail and the newsletter), other sites that link to us (referral), and none.
 */
export type ReferrerGroup = 'search' | 'social' | 'email' | 'referral' | 'direct';

/** A known source: the one name its UTM value and its hosts are reported under, and its channel. */
interface KnownSource {
  name: string;
  channel: Exclude<ReferrerGroup, 'direct'>;
  /** Words of its hosts ("google" matches google.com, google.es, www.google.co.uk) and its UTM values. */
  words: readonly string[];
}

/**
 * The maintained list of known sources: add a host or a UTM spelling here, and its visits join the same row.
 * Webmail comes first: mail.google.com is Gmail, an e-mail, not Google search.
 */
const KNOWN: readonly KnownSource[] = [
  { name: 'gmail', channel: 'email', words: ['mail.google.com', 'gmail'] },
  { name: 'outlook', channel: 'email', words: ['outlook', 'hotmail', 'live.com'] },
  { name: 'yahoo mail', channel: 'email', words: ['mail.yahoo.com'] },
  { name: 'proton mail', channel: 'email', words: ['mail.proton.me', 'proton.me'] },
  { name: 'newsletter', channel: 'email', words: ['newsletter', 'email', 'e-mail'] },
  { name: 'google', channel: 'search', words: ['google'] },
  { name: 'bing', channel: 'search', words: ['bing'] },
  { name: 'duckduckgo', channel: 'search', words: ['duckduckgo'] },
  { name: 'yahoo', channel: 'search', words: ['yahoo'] },
  { name: 'ecosia', channel: 'search', words: ['ecosia'] },
  { name: 'yandex', channel: 'search', words: ['yandex'] },
  { name: 'baidu', channel: 'search', words: ['baidu'] },
  { name: 'brave', channel: 'search', words: ['search.brave.com', 'brave'] },
  { name: 'startpage', channel: 'search', words: ['startpage'] },
  { name: 'qwant', channel: 'search', words: ['qwant'] },
  { name: 'facebook', channel: 'social', words: ['facebook', 'fb'] },
  { name: 'instagram', channel: 'social', words: ['instagram'] },
  { name: 'linkedin', channel: 'social', words: ['linkedin', 'lnkd'] },
  { name: 'x', channel: 'social', words: ['x', 'x.com', 't.co', 'twitter'] },
  { name: 'reddit', channel: 'social', words: ['reddit'] },
  { name: 'youtube', channel: 'social', words: ['youtube', 'youtu.be'] },
  { name: 'tiktok', channel: 'social', words: ['tiktok'] },
  { name: 'pinterest', channel: 'social', words: ['pinterest'] },
  { name: 'bluesky', channel: 'social', words: ['bsky', 'bluesky'] },
  { name: 'mastodon', channel: 'social', words: ['mastodon'] },
  { name: 'threads', channel: 'social', words: ['threads'] },
  { name: 'whatsapp', channel: 'social', words: ['whatsapp'] },
];

const names = (label: string, words: readonly string[]) =>
  words.some(
    (word) =>
      label === word || label.startsWith(`${word}.`) || label.includes(`.${word}.`) || label.endsWith(`.${word}`),
  );

/** A source as the console reports it: a known one's name and channel, else itself, a referral. */
export function knownSource(label: string): { source: string; group: ReferrerGroup } {
  if (label === '' || label === DIRECT_SOURCE) return { source: DIRECT_SOURCE, group: 'direct' };
  const known = KNOWN.find((candidate) => names(label, candidate.words));
  return known ? { source: known.name, group: known.channel } : { source: label, group: 'referral' };
}

/** The group of a referring domain or a UTM source ("" or "(direct)" for none). */
export const referrerGroup = (label: string): ReferrerGroup => knownSource(label).group;

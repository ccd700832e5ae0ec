import { DIRECT_SOURCE } from '../../shared/lib/attribution';

/** How the console groups referring sites (decision 046): search engines, social networks, none, the rest. */
export type ReferrerGroup = 'search' | 'social' | 'direct' | 'other';

/** The domains' words that name a search engine or a social network; "google" matches google.com and google.es. */
const SEARCH = ['google', 'bing', 'duckduckgo', 'yahoo', 'ecosia', 'yandex', 'baidu', 'brave', 'startpage', 'qwant'];
const SOCIAL = [
  'facebook',
  'instagram',
  'linkedin',
  'lnkd',
  't.co',
  'twitter',
  'x.com',
  'reddit',
  'youtube',
  'tiktok',
  'pinterest',
  'bsky',
  'mastodon',
  'threads',
  'whatsapp',
];

const names = (domain: string, words: readonly string[]) =>
  words.some(
    (word) =>
      domain === word || domain.startsWith(`${word}.`) || domain.includes(`.${word}.`) || domain.endsWith(`.${word}`),
  );

/** The group of a referring domain ("" or "(direct)" for none). */
export function referrerGroup(domain: string): ReferrerGroup {
  if (domain === '' || domain === DIRECT_SOURCE) return 'direct';
  if (names(domain, SEARCH)) return 'search';
  return names(domain, SOCIAL) ? 'social' : 'other';
}

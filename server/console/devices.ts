/**
 * A session's device and browser in a few words, from its user agent (decision 072): enough for a person to
 * tell their phone from their laptop in the sessions list. A parsing library would name versions and models the
 * list does not need, so the first match of each short list below is taken, in an order where the more
 * specific names come first (Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux").
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const DEVICES: readonly (readonly [RegExp, string])[] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone'],
  [/\bAndroid\b/, 'Android tablet'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bWindows\b/, 'Windows computer'],
  [/\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux computer'],
];

const firstOf = (list: readonly (readonly [RegExp, string])[], userAgent: string) =>
  list.find(([pattern]) => pattern.test(userAgent))?.[1];

/** "Firefox on a Windows computer", "Safari on an iPhone"; "An unknown browser" when the user agent says nothing we know. */
export function deviceOf(userAgent: string): string {
  const browser = firstOf(BROWSERS, userAgent);
  const device = firstOf(DEVICES, userAgent);
  if (!browser && !device) return 'An unknown browser';
  const on = device ? ` on ${/^[AEIOUi]/.test(device) ? 'an' : 'a'} ${device}` : '';
  return `${browser ?? 'A browser'}${on}`;
}

/**
 * The notice a redirect's query names (?saved=status, ?done=tested): one of the section's own, looked up as the
 * object's own key only, so a key every object has (__proto__, constructor, toString) names none.
 */
export function noticeNamed<Notices extends Readonly<Record<string, string>>>(
  notices: Notices,
  key: unknown,
): string | undefined {
  return typeof key === 'string' && Object.hasOwn(notices, key) ? notices[key] : undefined;
}

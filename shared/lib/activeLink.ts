/**
 * Home is active only on exactly "/"; every other link is active on its own
 * path and the paths below it ("/blog" on "/blog/x", never on "/blogging").
 */
export function isActivePath(linkPath: string, currentPath: string): boolean {
  if (linkPath === '/') return currentPath === '/';
  const path = currentPath.length > 1 ? currentPath.replace(/\/+$/, '') : currentPath;
  return path === linkPath || path.startsWith(`${linkPath}/`);
}

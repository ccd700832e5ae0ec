/**
 * Home ("/", or its path in the page's language) is active only on exactly itself; every other link is active on its own
 * path and the paths below it ("/blog" on "/blog/x", never on "/blogging").
 */
export function isActivePath(linkPath: string, currentPath: string, homePath = '/'): boolean {
  if (linkPath === homePath) return currentPath === homePath;
  const path = currentPath.length > 1 ? currentPath.replace(/\/+$/, '') : currentPath;
  return path === linkPath || path.startsWith(`${linkPath}/`);
}

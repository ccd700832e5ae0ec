import { describe, expect, it } from 'vitest';

import { isActivePath } from '../../shared/lib/activeLink';

describe('isActivePath', () => {
  it('marks Home active only on exactly "/"', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/', '/services')).toBe(false);
    expect(isActivePath('/', '/blog/post')).toBe(false);
  });

  it('marks other links active on their path and the paths below it', () => {
    expect(isActivePath('/services', '/services')).toBe(true);
    expect(isActivePath('/services', '/services/')).toBe(true);
    expect(isActivePath('/blog', '/blog/launch-notes')).toBe(true);
  });

  it('does not match a path that only shares a prefix or another page', () => {
    expect(isActivePath('/blog', '/blogging')).toBe(false);
    expect(isActivePath('/contact', '/services')).toBe(false);
    expect(isActivePath('/services', '/')).toBe(false);
  });
});

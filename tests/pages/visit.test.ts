import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { recordPageView } from '../../shared/lib/visit';

/** The tab's session storage, as the browser keeps it. */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const SITE = 'https://meridianlab.dev';

describe('the visit kept in session storage', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', fakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('takes the first page’s UTM labels and referring site as the first touch, and counts the pages', () => {
    const first = recordPageView(
      `${SITE}/blog?utm_source=Newsletter&utm_medium=email&utm_campaign=Nov`,
      'https://www.google.com/search?q=lab',
    );
    expect(first.entry).toBe(true);
    const touch = {
      source: 'newsletter',
      medium: 'email',
      campaign: 'nov',
      content: '',
      referrer: 'google.com',
      landing: '/blog',
    };
    expect(first.visit).toEqual({ first: touch, last: touch, pagesSeen: 1 });
    const next = recordPageView(`${SITE}/services`, '');
    expect(next).toEqual({ entry: false, visit: { first: touch, last: touch, pagesSeen: 2 } });
  });

  it('makes a later page with UTM labels or from another site the last touch; the first stays', () => {
    recordPageView(`${SITE}/?utm_source=newsletter&utm_campaign=nov`, '');
    recordPageView(`${SITE}/services`, `${SITE}/`); // this site's own link: no new touch
    const { visit } = recordPageView(`${SITE}/contact`, 'https://t.co/abc');
    expect(visit.first).toMatchObject({ source: 'newsletter', campaign: 'nov', landing: '/' });
    expect(visit.last).toEqual({
      source: '',
      medium: '',
      campaign: '',
      content: '',
      referrer: 't.co',
      landing: '/contact',
    });
    expect(visit.pagesSeen).toBe(3);
  });

  it('cuts what it keeps to its limits, and still counts when the storage refuses to keep anything', () => {
    const { visit } = recordPageView(`${SITE}/?utm_campaign=${'x'.repeat(500)}`, '');
    expect(visit.first.campaign).toHaveLength(100);
    vi.stubGlobal('sessionStorage', {
      ...fakeStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(recordPageView(`${SITE}/`, '')).toMatchObject({ entry: true, visit: { pagesSeen: 1 } });
  });
});

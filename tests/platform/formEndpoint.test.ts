import { describe, expect, it } from 'vitest';

import { bodyFormat, decodeBody } from '../../server/http/formEndpoint';

describe('decodeBody', () => {
  it('reads a urlencoded form as its fields', () => {
    expect(decodeBody('form', Buffer.from('email=ana%40example.com&category=research'))).toEqual({
      ok: true,
      fields: { email: 'ana@example.com', category: 'research' },
    });
  });

  it('reads JSON, and says so when it is malformed or empty', () => {
    expect(decodeBody('json', Buffer.from('{"email":"ana@example.com"}'))).toEqual({
      ok: true,
      fields: { email: 'ana@example.com' },
    });
    expect(decodeBody('json', Buffer.from('{"email":'))).toEqual({
      ok: false,
      error: 'The request body is not valid JSON.',
    });
    expect(decodeBody('json', Buffer.alloc(0))).toMatchObject({ ok: false });
  });
});

describe('bodyFormat', () => {
  it.each([
    ['application/json', 'json'],
    ['application/json; charset=UTF-8', 'json'],
    ['application/x-www-form-urlencoded', 'form'],
    ['Application/X-WWW-Form-Urlencoded;charset="utf-8"', 'form'],
  ])('takes %s as %s', (type, format) => {
    expect(bodyFormat(type)).toBe(format);
  });

  it('refuses any other type or charset', () => {
    for (const type of [
      undefined,
      '',
      'text/plain',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=latin1',
    ]) {
      expect(bodyFormat(type)).toBeNull();
    }
  });

  it('reads text/plain as JSON only where a beacon is expected', () => {
    expect(bodyFormat('text/plain;charset=UTF-8', true)).toBe('json');
    expect(bodyFormat('text/plain; charset=latin1', true)).toBeNull();
  });
});

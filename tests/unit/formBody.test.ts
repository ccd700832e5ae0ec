import { describe, expect, it } from 'vitest';
import { decodeBody } from '../../server/formBody';

describe('decodeBody', () => {
  it('reads a urlencoded form as its fields', () => {
    expect(decodeBody('form', Buffer.from('email=ana%40example.com&category=research'))).toEqual({
      ok: true,
      fields: { email: 'ana@example.com', category: 'research' },
    });
  });

  it('reads JSON, and says so when it is malformed or empty', () => {
    expect(decodeBody('json', Buffer.from('{"email":"ana@example.com"}'))).toEqual({ ok: true, fields: { email: 'ana@example.com' } });
    expect(decodeBody('json', Buffer.from('{"email":'))).toEqual({ ok: false, error: 'The request body is not valid JSON.' });
    expect(decodeBody('json', Buffer.alloc(0))).toMatchObject({ ok: false });
  });
});

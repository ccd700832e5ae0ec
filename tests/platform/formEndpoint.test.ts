import http from 'node:http';

import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { bodyFormat, decodeBody, formEndpoint } from '../../server/http/formEndpoint';

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

describe('the per-minute limit', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses a post over it after a pause, which a flood that waits for its answers waits for too', async () => {
    const app = express();
    const endpoint = formEndpoint({ siteUrl: 'http://site.test', perMinute: 1, maxBytes: 100 });
    app.post('/form', ...endpoint, (_req: express.Request, res: express.Response) => {
      res.status(201).json({ ok: true });
    });
    const server = http.createServer(app);
    const post = () => request(server).post('/form').set('Content-Type', 'application/json').send('{}');
    expect((await post()).status).toBe(201);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let answered = false;
    const refused = post().then((response) => ((answered = true), response));
    // Turns enough for an answer sent at once to arrive; the refusal waits for its pause (decision 089).
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect((await refused).status).toBe(429);
  });
});

import type { AddressInfo } from 'node:net';

import express from 'express';
import { beforeAll, describe, expect, it } from 'vitest';

import { securityHeaders } from '../../server/http/security';
import type { ObservedSite } from './observatoryScore';
import { gradeFor, scoreSite } from './observatoryScore';

const PAGE =
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>';
let siteHeaders: Record<string, string[]>;

// The headers the site really sends over HTTPS, from its own middleware, not a copy of them.
beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ siteUrl: 'https://www.example.com' }));
  app.get('/', (_req, res) => res.type('html').send(PAGE));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  siteHeaders = Object.fromEntries([...response.headers.entries()].map(([name, value]) => [name, [value]]));
  server.close();
});

function site(
  change: { headers?: Record<string, string[] | undefined>; redirects?: string[]; html?: string } = {},
): ObservedSite {
  const headers = { ...siteHeaders, ...change.headers };
  for (const name of Object.keys(headers)) if (headers[name] === undefined) delete headers[name];
  return {
    url: new URL('https://www.example.com/'),
    headers: headers as Record<string, string[]>,
    html: change.html ?? PAGE,
    redirects: change.redirects ?? ['https://www.example.com/'],
    httpAnswered: true,
  };
}

const result = (observed: ObservedSite, test: string) =>
  scoreSite(observed).tests.find((outcome) => outcome.test === test)!;

describe('Observatory scoring', () => {
  it('gives the site’s own headers A+, with every bonus', () => {
    const score = scoreSite(site());
    expect(score.grade).toBe('A+');
    expect(score.score).toBe(125);
    expect(score.tests.map((test) => test.test)).toHaveLength(10);
    expect(score.tests.filter((test) => test.modifier < 0)).toEqual([]);
  });

  it('takes 25 for a missing policy and then grants no bonus', () => {
    const score = scoreSite(site({ headers: { 'content-security-policy': undefined } }));
    // -25 for the policy; X-Frame-Options (DENY) still counts, without the frame-ancestors bonus.
    expect(result(site({ headers: { 'content-security-policy': undefined } }), 'x-frame-options').result).toBe(
      'x-frame-options-sameorigin-or-deny',
    );
    expect(score.score).toBe(75);
    expect(score.grade).toBe('B');
  });

  it('takes 20 for no HSTS, no redirect or unsafe inline script, and grades below A', () => {
    expect(scoreSite(site({ headers: { 'strict-transport-security': undefined } }))).toMatchObject({
      score: 80,
      grade: 'B+',
    });
    expect(scoreSite(site({ redirects: [] }))).toMatchObject({ score: 80, grade: 'B+' });
    const inline = site({
      headers: {
        'content-security-policy': ["default-src 'self'; script-src 'self' 'unsafe-inline'; frame-ancestors 'none'"],
      },
    });
    expect(result(inline, 'content-security-policy')).toMatchObject({
      result: 'csp-implemented-with-unsafe-inline',
      modifier: -20,
    });
    expect(scoreSite(inline).grade).toBe('B+');
  });

  it('grades HSTS by its age and its form', () => {
    const hsts = (value: string) =>
      result(site({ headers: { 'strict-transport-security': [value] } }), 'strict-transport-security').result;
    expect(hsts('max-age=15552000')).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hsts('max-age=86400')).toBe('hsts-implemented-max-age-less-than-six-months');
    expect(hsts('max-age=63072000, max-age=63072000')).toBe('hsts-header-invalid');
  });

  it('checks the redirect goes to HTTPS on the same host first', () => {
    expect(result(site({ redirects: ['http://example.com/', 'https://example.com/'] }), 'redirection').modifier).toBe(
      -10,
    );
    expect(
      result(site({ redirects: ['https://example.com/', 'https://www.example.com/'] }), 'redirection').modifier,
    ).toBe(-5);
    expect(result(site({ redirects: ['http://www.example.com/other'] }), 'redirection').modifier).toBe(-20);
  });

  it('rewards default-src none and penalises unsafe cookies', () => {
    const none = site({
      headers: { 'content-security-policy': ["default-src 'none'; script-src 'self'; frame-ancestors 'none'"] },
    });
    expect(result(none, 'content-security-policy').modifier).toBe(10);
    const cookie = (line: string) => result(site({ headers: { 'set-cookie': [line] } }), 'cookies');
    expect(cookie('session=1; Path=/; Secure')).toMatchObject({
      result: 'cookies-session-without-httponly-flag',
      modifier: -30,
    });
    expect(cookie('session=1; Secure; HttpOnly; SameSite=Lax').modifier).toBe(5);
    expect(cookie('theme=dark').result).toBe('cookies-without-secure-flag-but-protected-by-hsts');
  });

  it('penalises foreign scripts without integrity, and credentialed CORS', () => {
    const foreign = site({ html: '<script src="https://cdn.example.net/lib.js"></script>' });
    expect(result(foreign, 'subresource-integrity').modifier).toBe(-5);
    const cors = site({
      headers: { 'access-control-allow-origin': ['https://evil.test'], 'access-control-allow-credentials': ['true'] },
    });
    expect(scoreSite(cors)).toMatchObject({ score: 50, grade: 'C' });
  });

  it('maps scores to the Observatory’s grades', () => {
    expect([130, 100, 95, 90, 89, 80, 70, 65, 60, 50, 45, 40, 30, 25, 24, 0].map(gradeFor)).toEqual([
      'A+',
      'A+',
      'A',
      'A',
      'A-',
      'B+',
      'B',
      'B-',
      'C+',
      'C',
      'C-',
      'D+',
      'D',
      'D-',
      'F',
      'F',
    ]);
  });
});

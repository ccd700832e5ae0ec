import { describe, expect, it } from 'vitest';

import type { BuildManifest } from '../../server/http/manifest';
import { inlineSources, pageAssets } from '../../server/http/manifest';

const manifest: BuildManifest = {
  entryScript: { code: 'import("/static/js/chunk-R.js")', hash: 'sha256-E' },
  entryImports: ['/static/js/chunk-R.js', '/static/js/chunk-D.js'],
  stylesheet: '/static/css/styles-S.css',
  consoleStylesheet: '/static/css/console-K.css',
  routes: {
    Services: ['/static/js/Services-B.js', '/static/js/chunk-R.js', '/static/js/chunk-C.js'],
    Article: ['/static/js/Article-E.js', '/static/js/chunk-C.js'],
    'posts/a-post': ['/static/js/a-post-P.js'],
  },
  criticalCss: {
    Services: { css: '.plans{display:grid}', hash: 'sha256-S' },
    NotFound: { css: '.error-page{margin:0}', hash: 'sha256-N' },
  },
  tabIcon: 'data:image/webp;base64,T',
  viewScripts: { booking: '/static/js/booking-H.js' },
};

describe('pageAssets', () => {
  it("inlines the page's own critical CSS and the entry, and preloads nothing", () => {
    expect(pageAssets(manifest, 'Services')).toEqual({
      criticalCss: { id: 'critical-Services', css: '.plans{display:grid}' },
      tabIcon: 'data:image/webp;base64,T',
      entryScript: 'import("/static/js/chunk-R.js")',
    });
  });

  it('leaves the entry out of a page that runs no script', () => {
    expect(pageAssets(manifest, 'Services', { entry: false })).toEqual({
      criticalCss: { id: 'critical-Services', css: '.plans{display:grid}' },
      tabIcon: 'data:image/webp;base64,T',
    });
  });

  it('refuses a page the build did not know, rather than sending it unstyled', () => {
    expect(() => pageAssets(manifest, 'Unknown')).toThrow(/rebuild/);
  });
});

describe('inlineSources', () => {
  it("lists the entry's hash for scripts as a CSP source (each page allows its own style)", () => {
    expect(inlineSources(manifest)).toEqual({ script: ["'sha256-E'"] });
  });
});

import { describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../server/manifest';
import { pageAssets, styleHashes } from '../../server/manifest';

const manifest: BuildManifest = {
  entry: '/static/js/entry-A.js',
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
};

describe('pageAssets', () => {
  it("inlines the page's own critical CSS and preloads nothing", () => {
    expect(pageAssets(manifest, 'Services')).toEqual({ criticalCss: { id: 'critical-Services', css: '.plans{display:grid}' } });
  });

  it('refuses a page the build did not know, rather than sending it unstyled', () => {
    expect(() => pageAssets(manifest, 'Unknown')).toThrow(/rebuild/);
  });
});

describe('styleHashes', () => {
  it("lists every page's hash as a CSP source", () => {
    expect(styleHashes(manifest)).toEqual(["'sha256-S'", "'sha256-N'"]);
  });

  it('lists a hash once when pages share their CSS', () => {
    const shared = { ...manifest, criticalCss: { ...manifest.criticalCss, Terms: manifest.criticalCss.Services! } };
    expect(styleHashes(shared)).toEqual(["'sha256-S'", "'sha256-N'"]);
  });
});

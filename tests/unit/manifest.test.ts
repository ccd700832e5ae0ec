import { describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../server/manifest';
import { pageAssets } from '../../server/manifest';

const manifest: BuildManifest = {
  entry: '/static/js/entry-A.js',
  entryImports: ['/static/js/chunk-R.js', '/static/js/chunk-D.js'],
  stylesheet: '/static/css/styles-S.css',
  font: '/static/media/inter-latin-wght-normal-F.woff2',
  routes: {
    Services: ['/static/js/Services-B.js', '/static/js/chunk-R.js', '/static/js/chunk-C.js'],
    Article: ['/static/js/Article-E.js', '/static/js/chunk-C.js'],
    'posts/a-post': ['/static/js/a-post-P.js'],
  },
};

describe('pageAssets', () => {
  it("preloads the page's own chunks, not those the entry script imports itself", () => {
    expect(pageAssets(manifest, ['Services'])).toEqual({
      stylesheet: '/static/css/styles-S.css',
      font: '/static/media/inter-latin-wght-normal-F.woff2',
      modulePreloads: ['/static/js/Services-B.js', '/static/js/chunk-C.js'],
    });
  });

  it('preloads nothing for a page the manifest does not know', () => {
    expect(pageAssets(manifest, ['Unknown']).modulePreloads).toEqual([]);
  });

  it("preloads an article's body chunk with its page's, each file once", () => {
    expect(pageAssets(manifest, ['Article', 'posts/a-post']).modulePreloads).toEqual([
      '/static/js/Article-E.js',
      '/static/js/chunk-C.js',
      '/static/js/a-post-P.js',
    ]);
  });
});

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
  },
};

describe('pageAssets', () => {
  it("lists the entry's chunks and the page's own chunks, each once", () => {
    expect(pageAssets(manifest, 'Services')).toEqual({
      stylesheet: '/static/css/styles-S.css',
      font: '/static/media/inter-latin-wght-normal-F.woff2',
      modulePreloads: ['/static/js/chunk-R.js', '/static/js/chunk-D.js', '/static/js/Services-B.js', '/static/js/chunk-C.js'],
    });
  });

  it('falls back to the entry chunks for a page the manifest does not know', () => {
    expect(pageAssets(manifest, 'Unknown').modulePreloads).toEqual(manifest.entryImports);
  });
});

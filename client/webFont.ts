import interUrl from 'subset:inter.woff2';

/**
 * Inter, the site's one web font. Pages paint in its metric-matched fallback
 * (tokens.css) and the font is fetched once the page is up, but it is put to use
 * only when a navigation starts: the page a visitor is reading never changes
 * font under their eyes. Even matched, the two fonts' words differ by a fraction
 * of a pixel, enough to wrap a line differently and move what follows.
 * Returns what a navigation calls; before the font has arrived it does nothing.
 */
export function loadWebFont(): () => void {
  const face = new FontFace('Inter Variable', `url(${interUrl}) format('woff2')`, {
    weight: '100 900',
    style: 'normal',
    display: 'swap',
  });
  // Unreachable or blocked, the font is not missed much: the fallback is cut to its measure.
  face.load().catch(() => {});
  return () => {
    if (face.status === 'loaded' && !document.fonts.has(face)) document.fonts.add(face);
  };
}

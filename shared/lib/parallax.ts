/** What the hero's background layer shows for one scroll position. */
export interface ParallaxFrame {
  /** Pixels the layer moves down: it travels at half the scroll speed. */
  offset: number;
  /** False once the page is scrolled beyond one viewport height. */
  visible: boolean;
}

/** The spec's parallax rule: half the scroll distance, hidden past one viewport height. */
export function parallaxFrame(scrollY: number, viewportHeight: number): ParallaxFrame {
  const scrolled = Math.max(0, scrollY);
  return { offset: scrolled / 2, visible: scrolled <= viewportHeight };
}

/** The visitor's setting against motion: no typewriter, no video, no parallax. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The visitor has asked for reduced motion. */
export const motionReduced = (): boolean => window.matchMedia(REDUCED_MOTION).matches;

/** The visitor's browser asks to save data (Save-Data / Network Information API, where supported). */
export function prefersSavedData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

// Lighthouse's mobile preset slows the CPU 4× on the assumption that the host is a fast desktop
// (a benchmark index near 1533). On a slower host, 4× emulates a phone slower than Lighthouse's
// target, and Lighthouse warns: "The tested device appears to have a slower CPU than Lighthouse
// expects". Its calibration (github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md,
// "Calibrating multipliers", and its CPU throttling calculator) maps the host's benchmark index to the
// slowdown that emulates that target instead.

/** Lighthouse warns below this benchmark index (core/gather/driver/environment.js). */
export const SLOW_HOST_BENCHMARK_INDEX = 1000;

/** The CPU slowdown that emulates Lighthouse's target phone on a host with this benchmark index. */
export function calibratedMultiplier(benchmarkIndex: number): number {
  // 3× at 1300, one more for every 233 above (4× at 1533, 6× at 2000).
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  // 2× at 800 to 3× at 1300.
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  // 1× at 150 to 2× at 800; a host slower than that is already slower than the target.
  return 1 + Math.max(0, benchmarkIndex - 150) / 650;
}

/**
 * The CPU slowdown at which this host runs a page as a host of `targetIndex` does at `targetMultiplier`: the benchmark
 * index counts the iterations of a fixed loop Lighthouse times, so it is proportional to the CPU's speed, and a host
 * k times faster needs k times the slowdown. The slow host: an index near 1,100 at Lighthouse's 4×.
 */
export function emulatingMultiplier(hostIndex: number, targetIndex: number, targetMultiplier = 4): number {
  return (targetMultiplier * hostIndex) / targetIndex;
}

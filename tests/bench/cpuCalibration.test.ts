import { describe, expect, it } from 'vitest';

import { calibratedMultiplier, emulatingMultiplier } from './cpuCalibration';

describe("Lighthouse's CPU calibration", () => {
  it("gives its default 4× only to a host as fast as Lighthouse's reference desktop", () => {
    expect(calibratedMultiplier(1533)).toBeCloseTo(4, 2);
    expect(calibratedMultiplier(2000)).toBeCloseTo(6, 2);
  });

  it('meets at the bands’ edges, so a host between two bands gets no jump', () => {
    expect(calibratedMultiplier(1300)).toBe(3);
    expect(calibratedMultiplier(1299.999)).toBeCloseTo(3, 3);
    expect(calibratedMultiplier(800)).toBe(2);
    expect(calibratedMultiplier(799.999)).toBeCloseTo(2, 3);
  });

  it('slows a slow host less: about 2× at a benchmark index of 800, 1× at 150 and below', () => {
    expect(calibratedMultiplier(1050)).toBeCloseTo(2.5, 2);
    expect(calibratedMultiplier(475)).toBeCloseTo(1.5, 2);
    expect(calibratedMultiplier(150)).toBe(1);
    expect(calibratedMultiplier(90)).toBe(1);
  });
});

describe('a slower host, emulated', () => {
  it('slows this host by how much faster it is than the host emulated, times that host’s own slowdown', () => {
    expect(emulatingMultiplier(2200, 1100)).toBe(8);
    expect(emulatingMultiplier(1100, 1100)).toBe(4);
    expect(emulatingMultiplier(3300, 1100, 2)).toBe(6);
  });
});

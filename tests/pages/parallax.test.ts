import { describe, expect, it } from 'vitest';

import { parallaxFrame } from '../../shared/lib/parallax';

describe('parallaxFrame', () => {
  it('moves the layer by half the scroll distance', () => {
    expect(parallaxFrame(0, 800).offset).toBe(0);
    expect(parallaxFrame(200, 800).offset).toBe(100);
    expect(parallaxFrame(555, 800).offset).toBe(277.5);
  });

  it('keeps the layer visible up to one viewport height and hides it beyond', () => {
    expect(parallaxFrame(0, 800).visible).toBe(true);
    expect(parallaxFrame(800, 800).visible).toBe(true);
    expect(parallaxFrame(801, 800).visible).toBe(false);
    expect(parallaxFrame(5000, 800).visible).toBe(false);
  });

  it('ignores the negative scroll of an overscroll bounce', () => {
    expect(parallaxFrame(-40, 800)).toEqual({ offset: 0, visible: true });
  });
});

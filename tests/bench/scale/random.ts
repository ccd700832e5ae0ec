/** A deterministic source of made-up data: the same seed number gives the same lab, row for row. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  /** True with probability p. */
  chance(p: number): boolean;
  /** A value by weight: [[value, weight], …]. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  /** Words of lorem-like text, `count` of them. */
  words(count: number): string;
}

const WORDS = [
  'cell culture assay sample protocol reagent plate incubator sequencing genome protein buffer pipette centrifuge',
  'microscope robot workflow data pipeline budget timeline partner clinic trial compound screening yield batch',
  'quality audit compliance report vendor quote project launch research team capacity schedule storage analysis',
]
  .join(' ')
  .split(' ');

/** mulberry32: small, fast and good enough for shapes and names (not for secrets). */
export function random(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  return {
    next,
    int,
    pick,
    chance: (p) => next() < p,
    weighted(choices) {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [value, weight] of choices) if ((left -= weight) < 0) return value;
      return choices.at(-1)![0];
    },
    words: (count) => Array.from({ length: count }, () => pick(WORDS)).join(' '),
  };
}

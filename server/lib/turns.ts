/** Work on one key, one at a time in this process, in the order asked: `take` resolves with what ends the turn. */
export interface Turns {
  take(key: string): Promise<() => void>;
}

export function createTurns(): Turns {
  /** Per key, the end of the last turn asked for: the next one starts there. */
  const last = new Map<string, Promise<void>>();
  return {
    async take(key) {
      const before = last.get(key);
      let end!: () => void;
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      last.set(key, ended);
      await before;
      return () => {
        end();
        // Forgotten once no one waits behind this turn; a second call changes nothing.
        if (last.get(key) === ended) last.delete(key);
      };
    },
  };
}

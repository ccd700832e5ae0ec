/** Two texts compared line by line, for the revisions page. */

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/**
 * The longest common subsequence of the lines, then what each side adds: quadratic, and bounded by the
 * body's limit in lines (a 100,000-character body is a few thousand lines at most).
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', text: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      lines.push({ kind: 'added', text: b[j++]! });
    } else {
      lines.push({ kind: 'removed', text: a[i++]! });
    }
  }
  return lines;
}

/**
 * Folders of server/ that import each other, directly or through others: such folders cannot be
 * understood, tested or moved one without the other, so each cycle is shown with an import per step,
 * the places to cut it.
 */
import { stronglyConnected } from './stronglyConnected';

/** One module's import of a module in another folder. */
export interface FolderImport {
  from: string;
  to: string;
  /** The importing file and the line of the import. */
  file: string;
  line: number;
  /** The imported file. */
  target: string;
}

/** Folders each importing the next, the last importing the first: one import per step. */
export type FolderCycle = FolderImport[];

/** The folder of a file of server/ (its first segment), or the file itself when it lies in server/: app.ts. */
export function serverFolderOf(file: string): string | undefined {
  return /^server\/([^/]+)/.exec(file)?.[1];
}

/**
 * Cycles among the folders the imports join: for each import between two folders that reach each other,
 * the shortest cycle through it, so every step to cut appears in a cycle. Shortest first.
 */
export function folderCycles(imports: Iterable<FolderImport>): FolderCycle[] {
  const example = new Map<string, FolderImport>();
  const next = new Map<string, Set<string>>();
  for (const one of imports) {
    if (one.from === one.to || example.has(`${one.from} ${one.to}`)) continue;
    example.set(`${one.from} ${one.to}`, one);
    next.set(one.from, (next.get(one.from) ?? new Set()).add(one.to));
  }
  const sorted = (folder: string) => [...(next.get(folder) ?? [])].sort();
  const cycles = new Map<string, FolderCycle>();
  for (const component of stronglyConnected([...next.keys()].sort(), sorted)) {
    if (component.length < 2) continue;
    const inside = new Set(component);
    for (const from of component)
      for (const to of sorted(from).filter((folder) => inside.has(folder))) {
        const back = shortestPath(to, from, (folder) => sorted(folder).filter((other) => inside.has(other)));
        const folders = [from, ...back.slice(0, -1)];
        // The same cycle found from another of its steps starts elsewhere: key it from its first folder in order.
        const first = folders.indexOf([...folders].sort()[0]!);
        const turned = [...folders.slice(first), ...folders.slice(0, first)];
        cycles.set(
          turned.join(' '),
          turned.map((folder, i) => example.get(`${folder} ${turned[(i + 1) % turned.length]}`)!),
        );
      }
  }
  const names = (cycle: FolderCycle) => cycle.map((step) => step.from).join(' ');
  return [...cycles.values()].sort((a, b) => a.length - b.length || names(a).localeCompare(names(b)));
}

/** The folders from `start` to `goal` by the fewest imports (both included); they reach each other. */
function shortestPath(start: string, goal: string, next: (folder: string) => string[]): string[] {
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length && !cameFrom.has(goal)) {
    const folder = queue.shift()!;
    for (const other of next(folder))
      if (!cameFrom.has(other)) {
        cameFrom.set(other, folder);
        queue.push(other);
      }
  }
  const path: string[] = [];
  for (let folder: string | null = goal; folder !== null; folder = cameFrom.get(folder)!) path.unshift(folder);
  return path;
}

import { describe, expect, it } from 'vitest';

import { folderCycles, type FolderImport, serverFolderOf } from '../../scripts/folderCycles';

/** An import from folder `from` to folder `to`, at a made-up place. */
const step = (from: string, to: string, line = 1): FolderImport => ({
  from,
  to,
  file: `server/${from}/a.ts`,
  line,
  target: `server/${to}/b.ts`,
});

/** Each cycle as its folders, in order. */
const folders = (imports: FolderImport[]) => folderCycles(imports).map((cycle) => cycle.map(({ from }) => from));

describe('folders of server/ that import each other', () => {
  it('finds two folders importing each other, with one import per step', () => {
    const cycles = folderCycles([step('staff', 'leads', 3), step('leads', 'staff', 7), step('staff', 'leads', 9)]);
    expect(cycles).toEqual([[step('leads', 'staff', 7), step('staff', 'leads', 3)]]);
  });

  it('finds three folders in a ring, though no two of them import each other', () => {
    expect(folders([step('alerts', 'outbox'), step('outbox', 'privacy'), step('privacy', 'alerts')])).toEqual([
      ['alerts', 'outbox', 'privacy'],
    ]);
  });

  it('shows every step of a tangle in some cycle, the shortest first, and nothing outside it', () => {
    const imports = [
      step('analytics', 'staff'),
      step('staff', 'analytics'),
      step('staff', 'leads'),
      step('leads', 'analytics'),
      step('app.ts', 'staff'),
      step('leads', 'db'),
    ];
    expect(folders(imports)).toEqual([
      ['analytics', 'staff'],
      ['analytics', 'staff', 'leads'],
    ]);
  });

  it('finds none where imports only go down', () => {
    expect(folderCycles([step('app.ts', 'leads'), step('leads', 'outbox'), step('app.ts', 'outbox')])).toEqual([]);
  });

  it("takes a file's first folder under server/, or the file itself at server/'s top", () => {
    expect(serverFolderOf('server/staff/views/Inbox.tsx')).toBe('staff');
    expect(serverFolderOf('server/app.ts')).toBe('app.ts');
    expect(serverFolderOf('shared/routes.ts')).toBeUndefined();
  });
});

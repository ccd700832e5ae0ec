// What a server process and its children (a cluster's workers, nginx's worker) hold and have spent, read from
// /proc, so that a bench measures the server and not itself.
import fs from 'node:fs';

/** Reads a field of one process from /proc; 0 once it is gone, so a sampler outliving it stops counting, not the bench. */
function readProc(pid: number, read: (pid: number) => number): number {
  try {
    return read(pid);
  } catch {
    return 0;
  }
}

/** One process's resident memory (kB): cheap enough to sample every few milliseconds. */
export const residentKb = (pid: number) =>
  readProc(pid, (one) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${one}/status`, 'utf8'))?.[1] ?? 0));

/** One process's CPU seconds, user and system: utime and stime in clock ticks (100 a second), the 14th and 15th fields. */
export const cpuSeconds = (pid: number) =>
  readProc(pid, (one) => {
    const fields = fs.readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  });

/** A process and its children (a cluster's workers, nginx's worker), from /proc. */
function processTree(pid: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((other) => {
      try {
        return Number(fs.readFileSync(`/proc/${other}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
  return [pid, ...children];
}

/** Summed over a process and its children: resident memory (kB), or CPU seconds (user and system). */
export function readTree(pid: number, what: 'rssKb' | 'cpuSeconds'): number {
  const read = what === 'rssKb' ? residentKb : cpuSeconds;
  return processTree(pid).reduce((sum, one) => sum + read(one), 0);
}
export const rssKb = (pid: number) => readTree(pid, 'rssKb');

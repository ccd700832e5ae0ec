// What a server process and its children (a cluster's workers, nginx's worker) hold and have spent, read from
// /proc, so that a bench measures the server and not itself.
import fs from 'node:fs';

/** One process's resident memory (kB): cheap enough to sample every few milliseconds. */
export const residentKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

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
  return processTree(pid).reduce((sum, one) => {
    try {
      if (what === 'rssKb') return sum + residentKb(one);
      const fields = fs.readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime in clock ticks (100 a second), the 14th and 15th fields.
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
}
export const rssKb = (pid: number) => readTree(pid, 'rssKb');

import { spawn } from 'node:child_process';
import os from 'node:os';

/** Pinning: on two or more cores, the servers run on CPU 0 and the load (wrk, the guard's flood) on CPU 1, so neither takes the other's time. */
export const PINNED = os.cpus().length >= 2;
export const SERVER_CPU = '0';
export const LOAD_CPU = '1';

/** Above this share of its core, wrk itself may have been what limited the rate. */
const WRK_LIMIT_SHARE = 0.9;

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx and 3xx, and socket errors. */
  errors: number;
  /** wrk's own CPU time over the run's wall time, of one core per thread. */
  wrkCpuShare: number;
}

interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A Lua script (wrk -s), for requests that change on every call. */
  script?: string;
  /** Run wrk on the load generator's own core (when the servers are pinned), else on any. */
  pinned?: boolean;
}

/** A command run on a given CPU with taskset, when the machine has cores to pin to. */
export function pinnedCommand(cpu: string, command: string, args: string[], pin = PINNED): [string, string[]] {
  return pin ? ['taskset', ['-c', cpu, command, ...args]] : [command, args];
}

const milliseconds = (value: string) => {
  const number = Number.parseFloat(value);
  if (value.endsWith('us')) return number / 1000;
  if (value.endsWith('ms')) return number;
  if (value.endsWith('s')) return number * 1000;
  return number;
};

/** Debian's wrk against one URL: requests per second, p50, p99, errors, and how busy wrk was. */
export async function wrk(url: string, options: LoadOptions): Promise<LoadResult> {
  const pinned = options.pinned ?? PINNED;
  const threads = pinned ? 1 : 2;
  const args = [
    `-t${threads}`,
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...(options.script ? ['-s', options.script] : []),
    url,
  ];
  const [command, commandArgs] = pinnedCommand(LOAD_CPU, 'wrk', args, pinned);
  // The shell's `times` prints its children's CPU time once wrk is done: wrk's own, exactly.
  const quoted = [command, ...commandArgs].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const child = spawn('sh', ['-c', `${quoted}; code=$?; times; exit $code`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${output}`);
  // The second line of `times` ("0m1.20s 0m3.40s"): the children's user and system time.
  const children = output.split('\n').filter((row) => /^\d+m[\d.]+s \d+m[\d.]+s$/.test(row))[1] ?? '';
  const wrkCpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, match) => sum + Number(match[1]) * 60 + Number(match[2]),
    0,
  );
  const wall = (Date.now() - started) / 1000;
  const line = (pattern: RegExp) => pattern.exec(output)?.[1] ?? '0';
  const requests = Number(line(/(\d+) requests in/));
  const failed =
    Number(line(/Non-2xx or 3xx responses: (\d+)/)) +
    [...output.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  return {
    requestsPerSecond: Math.round(Number(line(/Requests\/sec:\s+([\d.]+)/))),
    p50Ms: milliseconds(line(/^\s+50%\s+(\S+)/m)),
    p99Ms: milliseconds(line(/^\s+99%\s+(\S+)/m)),
    errors: failed + (requests === 0 ? 1 : 0),
    wrkCpuShare: Number((wrkCpu / wall / threads).toFixed(2)),
  };
}

/** Said under a table when wrk's own CPU use shows it may have been the limit. */
export function wrkWarning(results: readonly LoadResult[]): string | undefined {
  const busiest = Math.max(...results.map((result) => result.wrkCpuShare));
  return busiest >= WRK_LIMIT_SHARE
    ? `Warning: wrk used ${Math.round(busiest * 100)}% of its core in a run: the load generator may have been the limit, not the server.`
    : undefined;
}

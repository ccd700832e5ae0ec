import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import net from 'node:net';
import { promisify } from 'node:util';

import { SERVER_ARGS, SERVER_ENV, TEST_ANALYTICS_KEY, TEST_FORM_CHECKS, TEST_IDENTITY } from './serverCommand';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Kills it at once, as a crash or an OOM kill would, and waits for the exit. */
  crash: () => Promise<void>;
  /** SIGTERM, and waits for the drained exit. */
  stop: () => Promise<void>;
}

const running = new Set<ChildProcess>();
/** Kills whatever a test left running (call from afterAll). */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

/** The error lines (pino level 50) a server wrote so far. */
export const errorLines = (server: ServerProcess): string[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":50'));

/**
 * Starts the built server as production does (`npm start`'s command, the lab's identity set) and waits until it
 * answers. `command` runs it another way (the bench pins it to a CPU with taskset, which execs it: the same pid).
 */
export async function startServer(
  port: number,
  env: NodeJS.ProcessEnv,
  [command, args]: [string, string[]] = [process.execPath, SERVER_ARGS],
): Promise<ServerProcess> {
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      ...TEST_IDENTITY,
      ...TEST_FORM_CHECKS,
      ...TEST_ANALYTICS_KEY,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server = {
    child,
    output: () => output,
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
  // Seconds on a loaded machine: the process compiles nothing, but Node and the database take their time.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start: ${output}`);
}

export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run --silent <script> -- …args` with DATA_DIR set, as the staff run it. */
export async function npmRun(
  script: string,
  args: string[],
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      maxBuffer: 10 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

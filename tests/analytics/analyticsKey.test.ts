import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it, onTestFinished } from 'vitest';

import { loadConfig, serverConfigError } from '../../server/config';
import { SERVER_ARGS, TEST_ANALYTICS_KEY } from '../support/serverCommand';

describe('ANALYTICS_KEY', () => {
  it('is required to start in production, and made for the process elsewhere', () => {
    expect(serverConfigError(loadConfig({ NODE_ENV: 'production' }))).toMatch(/^Missing ANALYTICS_KEY: /);
    const given = loadConfig({ NODE_ENV: 'production', ...TEST_ANALYTICS_KEY });
    expect(serverConfigError(given)).toBeUndefined();
    expect(given.analytics.key).toBe(TEST_ANALYTICS_KEY.ANALYTICS_KEY);
    const development = loadConfig({ NODE_ENV: 'development' });
    expect(serverConfigError(development)).toBeUndefined();
    expect(development.analytics.key).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ NODE_ENV: 'development' }).analytics.key).not.toBe(development.analytics.key);
    expect(() => loadConfig({ ANALYTICS_KEY: 'short' })).toThrow(
      'Invalid ANALYTICS_KEY=(value hidden): expected at least 32 bytes',
    );
  });

  it('stops a production start without it with one line', { timeout: 10_000 }, async () => {
    const child = spawn(process.execPath, SERVER_ARGS, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ANALYTICS_KEY: '',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lab-analytics-key-')),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    onTestFinished(() => void child.kill('SIGKILL')); // a server that started anyway
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Missing ANALYTICS_KEY: .*\n$/);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { loadConfig } from '../../server/config';
import { TEST_ANALYTICS_KEY } from '../support/serverCommand';
import { errorLines, freePort, killServers, startServer } from '../support/serverProcess';

afterEach(killServers);

describe('ANALYTICS_KEY', () => {
  it('is taken from the setting, and made for the process without it, which production reports', () => {
    const given = loadConfig({ NODE_ENV: 'production', ...TEST_ANALYTICS_KEY });
    expect(given.analytics).toEqual({ key: TEST_ANALYTICS_KEY.ANALYTICS_KEY, keyMissing: false, keySet: true });
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.analytics.keyMissing).toBe(true);
    expect(production.analytics.key).toMatch(/^[0-9a-f]{64}$/);
    const development = loadConfig({ NODE_ENV: 'development' });
    expect(development.analytics.keyMissing).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).analytics.key).not.toBe(development.analytics.key);
    expect(() => loadConfig({ ANALYTICS_KEY: 'short' })).toThrow(
      'Invalid ANALYTICS_KEY=(value hidden): expected at least 32 bytes',
    );
  });

  it('is missing from a production start: the site serves its pages and logs one error line that names it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-analytics-key-'));
    const port = await freePort();
    // With BACKUP_KEY, as in production: the only setting missing is this one, and so the only error line.
    const server = await startServer(port, {
      DATA_DIR: dataDir,
      ANALYTICS_KEY: '',
      BACKUP_KEY: 'analytics-key-test-'.padEnd(64, '0'),
    });
    for (const page of ['/', '/es/servicios', '/contact'])
      expect((await fetch(`http://127.0.0.1:${port}${page}`)).status, page).toBe(200);
    await server.stop();
    const errors = errorLines(server);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('ANALYTICS_KEY is not set');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

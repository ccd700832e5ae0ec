import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('has safe defaults for local use', () => {
    const config = loadConfig({}, '/srv/site');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:3000',
      dataDir: path.resolve('/srv/site', 'data'),
      logLevel: 'info',
      trustProxy: false,
      dev: false,
    });
  });

  it('reads every variable and drops a trailing slash from SITE_URL', () => {
    const config = loadConfig(
      { PORT: '8080', HOST: '127.0.0.1', SITE_URL: 'https://meridianlab.dev/', DATA_DIR: '/var/lib/site', LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
      '/srv/site',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      siteUrl: 'https://meridianlab.dev',
      dataDir: '/var/lib/site',
      logLevel: 'warn',
      trustProxy: 1,
    });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid TRUST_PROXY="true": .*number of proxies/);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['SITE_URL', 'not a url'],
    ['SITE_URL', 'ftp://meridianlab.dev'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'yes please'],
  ])('stops on an invalid %s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      expect((error as Error).message).toMatch(new RegExp(`^Invalid ${name}=`));
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

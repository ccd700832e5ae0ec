import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

import { SERVER_COMMAND, SERVER_ENV } from '../support/serverCommand';

const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('Dockerfile', () => {
  it('starts the container with exactly the command of `npm start`, the environment it sets in ENV', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(finalStage)?.[1];
    expect(cmd).toBeDefined();
    expect((JSON.parse(cmd!) as string[]).join(' ')).toBe(SERVER_COMMAND.slice(SERVER_COMMAND.indexOf('node ')));
    const env = /^ENV ((?:.*\\\n)*.*)$/m.exec(finalStage)![1]!;
    // Glibc's arenas for the threads that compress the kept pages, and a young generation of 2 × 16 MB (decision 094).
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(SERVER_COMMAND).toContain(' --max-semi-space-size=16 ');
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
  });

  it('builds with the same build script as `npm run build`', () => {
    expect(pkg.scripts.build).toBe('node build.mjs');
    expect(dockerfile).toMatch(/^RUN node build\.mjs$/m);
  });

  it('runs on the official Node 24 slim image, in two stages', () => {
    expect(dockerfile.match(/^FROM node:24-slim/gm)).toHaveLength(2);
    expect(pkg.engines.node).toMatch(/24/);
    expect(fs.readFileSync('.nvmrc', 'utf8').trim()).toBe('24');
  });

  it('keeps only production dependencies, runs as a non-root user, keeps data on a volume and checks /healthz', () => {
    expect(finalStage).toMatch(/npm ci --omit=dev/);
    expect(finalStage).toMatch(/^USER node$/m);
    expect(finalStage).toMatch(/DATA_DIR=\/data/);
    expect(finalStage).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(finalStage).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
  });
});

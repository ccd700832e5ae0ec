import fs from 'node:fs';

import { describe, expect, it } from 'vitest';

const dockerfile = fs.readFileSync('Dockerfile', 'utf8');
const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

describe('Dockerfile', () => {
  it('starts the container with exactly the command of `npm start`', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(finalStage)?.[1];
    expect(cmd).toBeDefined();
    expect((JSON.parse(cmd!) as string[]).join(' ')).toBe(pkg.scripts.start);
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

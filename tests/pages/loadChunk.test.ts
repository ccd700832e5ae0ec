import { afterEach, describe, expect, it, vi } from 'vitest';

import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from '../../shared/lib/loadChunk';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadChunk', () => {
  it('resolves with the module when it loads', async () => {
    await expect(loadChunk('Home', async () => ({ default: 'page' }))).resolves.toEqual({ default: 'page' });
  });

  it('fails with reason "timeout" after 120000 ms, not before', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const result = loadChunk('Blog', () => new Promise(() => {})).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toMatchObject({ chunkId: 'Blog', reason: 'timeout' });
    expect((error as Error).message).toMatch(/^Loading chunk Blog failed/);
  });

  it('reports "missing" when the chunk URL answers 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    const url = 'http://localhost/static/js/Services-ABC.js';
    const error = await loadChunk('Services', () =>
      Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`)),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: 'missing', url });
    expect((error as Error).message).toBe(`Loading chunk Services failed.\n(missing: ${url})`);
  });

  it('reports "error" when the chunk exists but did not load, or the server is unreachable', async () => {
    const url = 'http://localhost/static/js/Contact-ABC.js';
    const failing = () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${url}`));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 200 })),
    );
    await expect(loadChunk('Contact', failing)).rejects.toMatchObject({ reason: 'error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await expect(loadChunk('Contact', failing)).rejects.toMatchObject({ reason: 'error' });
  });
});

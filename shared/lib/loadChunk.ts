/** How long a lazy route chunk may take before it counts as failed (spec: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkFailureReason = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunkId: string,
    readonly reason: ChunkFailureReason,
    readonly url?: string,
  ) {
    super(`Loading chunk ${chunkId} failed.\n(${reason}${url ? `: ${url}` : ''})`);
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

/** The browser names the module it could not fetch in the error message. */
function failedUrl(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+?\.js)\b/.exec(message)?.[1];
}

/** A chunk that answers 404 was removed by a deploy ("missing"); anything else is a load "error". */
async function classify(url: string | undefined): Promise<ChunkFailureReason> {
  if (!url || typeof fetch !== 'function') return 'error';
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404 ? 'missing' : 'error';
  } catch {
    return 'error';
  }
}

/** Loads a route chunk, turning a failure or a time-out into a ChunkLoadError. */
export function loadChunk<T>(chunkId: string, load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunkId, 'timeout')), timeoutMs);
  });
  const loading = load().catch(async (error: unknown) => {
    const url = failedUrl(error);
    throw new ChunkLoadError(chunkId, await classify(url), url);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------
// One automatic reload per path: a chunk that failed to load (often because a
// deploy replaced it) gets one full load of the page, never a reload loop.

const RELOAD_MARK = 'chunk-reload:';

/** Forgets the one automatic reload for a path once that path has loaded. */
export function clearChunkReloadMark(path: string): void {
  try {
    sessionStorage.removeItem(RELOAD_MARK + path);
  } catch {
    // Storage can be unavailable (privacy modes); the mark is only an optimisation.
  }
}

/** True the first time for a path: the caller then reloads it once. */
export function claimChunkReload(path: string): boolean {
  try {
    if (sessionStorage.getItem(RELOAD_MARK + path)) return false;
    sessionStorage.setItem(RELOAD_MARK + path, '1');
    return true;
  } catch {
    return false;
  }
}

/** Each body's text as it loads, by its chunk's name: one promise per text, as React's use() needs. */
const bodiesLoading = new Map<string, Promise<string>>();

/**
 * A rendered body (an article's, a legal page's) by its key, loaded from its
 * own chunk once; null for a key that names none.
 */
export function loadBody(
  bodies: Readonly<Record<string, () => Promise<{ html: string }>>>,
  key: string | undefined,
  chunkOf: (key: string) => string,
): Promise<string | null> {
  if (!key || !Object.hasOwn(bodies, key)) return Promise.resolve(null);
  const chunk = chunkOf(key);
  let loading = bodiesLoading.get(chunk);
  if (!loading) bodiesLoading.set(chunk, (loading = loadChunk(chunk, bodies[key]!).then(({ html }) => html)));
  return loading;
}

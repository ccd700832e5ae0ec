/** How long a form post may wait for the server before the visitor is told it failed. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface PostOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type PostResult =
  { ok: true; status: number; body: unknown; headers: Headers } | { ok: false; failure: 'timeout' | 'network' };

/**
 * Posts a JSON body, as the enhanced forms do, and reads a JSON answer when
 * there is one; never throws. A server that does not answer within the
 * timeout is given up on (AbortController).
 */
export async function postJson(
  url: string,
  payload: unknown,
  { fetch: send = fetch, timeoutMs = REQUEST_TIMEOUT_MS }: PostOptions = {},
): Promise<PostResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: controller.signal,
    });
    const body: unknown = await response.json().catch(() => null);
    return { ok: true, status: response.status, body, headers: response.headers };
  } catch {
    return { ok: false, failure: controller.signal.aborted ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

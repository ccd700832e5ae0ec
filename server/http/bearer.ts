import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request's Authorization header is `Bearer <token>`, compared in constant time: both sides are hashed
 * first, so neither the token's length nor its bytes show in the time it takes.
 */
export function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(`Bearer ${token}`);
  return (authorization) => timingSafeEqual(digest(authorization ?? ''), expected);
}

import { z } from 'zod';

/** The most addresses one test goes to: a few colleagues, never a list. */
export const TEST_ADDRESS_LIMIT = 5;

const address = z.email().max(254);

/**
 * The addresses a test goes to, as typed (commas, semicolons, spaces or lines between them), each once; the signed-in
 * address when none is typed; or why they cannot be used.
 */
export function testAddresses(typed: string, own: string): { ok: true; to: string[] } | { ok: false; error: string } {
  const to = [...new Set(typed.split(/[\s,;]+/).filter(Boolean))];
  if (to.length === 0) return { ok: true, to: [own] };
  if (to.length > TEST_ADDRESS_LIMIT)
    return { ok: false, error: `A test goes to at most ${TEST_ADDRESS_LIMIT} addresses; ${to.length} were typed.` };
  const wrong = to.find((candidate) => !address.safeParse(candidate).success);
  return wrong === undefined ? { ok: true, to } : { ok: false, error: `“${wrong}” is not an e-mail address.` };
}

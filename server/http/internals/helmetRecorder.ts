// helmet 8.3.0: its middleware sets the same headers for a configuration on every answer, through
// res.setHeader and res.removeHeader alone, reads nothing of the request and calls next at once. Its
// documentation promises only a middleware; tests/platform/internals/helmetRecorder.test.ts fails when this changes.
import helmet from 'helmet';

/**
 * What helmet sets for a configuration, read once by running its middleware against a recorder: the site
 * sets the list in one loop on each answer, and a kept page has it in its prepared headers (decision 049).
 */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): [name: string, value: string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let called = false;
  helmet(options)({} as never, recorder as never, () => (called = true));
  if (!called) throw new Error('helmet did not call next at once: its headers cannot be read ahead');
  return [...headers];
}

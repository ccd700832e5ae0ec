import { guardFields } from './formGuard';

/**
 * A contact-form post to a server process, from a client address of its own (behind the proxy:
 * X-Forwarded-For), so the per-client limit lets every one through; lead `index` is "Lead <index>".
 */
export async function postLead(port: number, index: number): Promise<Response> {
  const guard = await guardFields(`http://127.0.0.1:${port}`, 'contact');
  return fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `10.${Math.floor(index / 250)}.${index % 250}.1`,
    },
    body: JSON.stringify({
      ...guard,
      name: `Lead ${index}`,
      email: `lead${index}@example.com`,
      company: 'Acme',
      service: 'consultation',
      message: `Message ${index}`,
    }),
  });
}

/** "Lead <index>", read from the subject of its notification. */
export const leadName = (subject: string | undefined) => /— (Lead \d+) \(/.exec(subject ?? '')?.[1];

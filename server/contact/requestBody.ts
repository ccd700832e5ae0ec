import { HONEYPOT_FIELD } from '../../shared/lib/contactForm';

/** json: the enhanced form's fetch. form: the plain HTML form, posted without JavaScript. */
export type BodyFormat = 'json' | 'form';

export type ContactBody =
  | { ok: true; format: BodyFormat; fields: unknown; spam: boolean }
  | { ok: false; status: 400; format: BodyFormat; error: string };

const mediaTypes: Record<string, BodyFormat> = {
  'application/json': 'json',
  'application/x-www-form-urlencoded': 'form',
};

/**
 * The body's format from its Content-Type, or null when the endpoint does not
 * take it (another media type, or a charset other than UTF-8).
 */
export function bodyFormat(contentType: string | undefined): BodyFormat | null {
  if (!contentType) return null;
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  const format = mediaTypes[mediaType];
  if (!format) return null;
  const charset = parameters.find((parameter) => parameter.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  return charset === undefined || charset === 'utf-8' || charset === 'utf8' ? format : null;
}

function isFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/** Decodes a body already read as bytes; never throws. */
export function parseContactBody(format: BodyFormat, raw: Buffer): ContactBody {
  const text = raw.toString('utf8');
  if (format === 'form') {
    const fields = Object.fromEntries(new URLSearchParams(text));
    return { ok: true, format, fields, spam: isFilled(fields[HONEYPOT_FIELD]) };
  }
  let fields: unknown;
  try {
    fields = JSON.parse(text);
  } catch {
    return { ok: false, status: 400, format, error: 'The request body is not valid JSON.' };
  }
  const spam = typeof fields === 'object' && fields !== null && isFilled((fields as Record<string, unknown>)[HONEYPOT_FIELD]);
  return { ok: true, format, fields, spam };
}

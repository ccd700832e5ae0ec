import { HONEYPOT_FIELD } from '../../shared/lib/contactForm';
import type { BodyFormat } from '../formBody';
import { decodeBody } from '../formBody';

export type ContactBody = { ok: true; fields: unknown; spam: boolean } | { ok: false; error: string };

function isFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/** A contact post's fields, and whether its honeypot was filled (only robots see that field). */
export function parseContactBody(format: BodyFormat, raw: Buffer): ContactBody {
  const body = decodeBody(format, raw);
  if (!body.ok) return body;
  const { fields } = body;
  const spam = typeof fields === 'object' && fields !== null && isFilled((fields as Record<string, unknown>)[HONEYPOT_FIELD]);
  return { ok: true, fields, spam };
}

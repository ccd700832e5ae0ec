/** Gmail ignores dots in the local part, and googlemail.com is the same mailbox. */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as the site can tell, and its
 * domain: lower case, without a `+tag`, and for Gmail without dots, so
 * `Ana.B+news@googlemail.com` and `anab@gmail.com` are one mailbox.
 */
export function mailboxOf(email: string): { mailbox: string; domain: string } {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, at).toLowerCase().split('+')[0]!;
  let domain = email.slice(at + 1).toLowerCase();
  if (GMAIL.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return { mailbox: `${local}@${domain}`, domain };
}

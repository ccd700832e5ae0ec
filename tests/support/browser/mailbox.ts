import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';

/** The messages the mail catcher received into `folder`, parsed. */
async function received(folder: string): Promise<ParsedMail[]> {
  const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
  return Promise.all(files.map((name) => simpleParser(fs.readFileSync(path.join(folder, name)))));
}

/**
 * Waits for the messages sent to `address` (the site sends through real SMTP, from its outbox), caught into
 * `folder`: the shared server's catcher's (playwright.config.ts) unless a spec's site of its own has its own.
 */
export async function mailTo(
  address: string,
  count = 1,
  timeoutMs = 10_000,
  folder = process.env.E2E_MAIL_DIR!,
): Promise<ParsedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mine = (await received(folder)).filter(
      (mail) =>
        mail.to &&
        !Array.isArray(mail.to) &&
        mail.to.value.some((to) => to.address?.toLowerCase() === address.toLowerCase()),
    );
    if (mine.length >= count) return mine;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of the link to `pathname` in a message's text. */
export function linkPath(mail: ParsedMail, pathname: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${pathname}\\?token=[\\w.-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`No ${pathname} link in the message`);
  return match[1]!;
}

/** The newsletter's consented addresses, from the staff's export on the site's database. */
export async function consentedAddresses(): Promise<string[]> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'leads', '--', 'subscribers', '--format', 'json'],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    },
  );
  return (JSON.parse(stdout) as { email: string }[]).map((row) => row.email);
}

// A real SMTP server for the browser tests (started by playwright.config.ts beside
// the site, and by a spec for a site of its own): it accepts every message on a
// loopback port and writes each one, byte for byte, as a .eml file into the folder
// the tests read.
//   node tests/support/browser/mailCatcher.mjs <port> <folder>
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { SMTPServer } from 'smtp-server';

/** Catches the mail sent to 127.0.0.1:`port` (0: any free port) into `folder`; resolves once it listens. */
export function catchMail(port, folder) {
  fs.mkdirSync(folder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${Date.now()}-${process.pid}-${++count}.eml`;
        // Written aside under a name readers skip (not .eml), then renamed: a reader never sees half a message.
        const aside = path.join(folder, `${name}.part`);
        fs.writeFileSync(aside, Buffer.concat(chunks));
        fs.renameSync(aside, path.join(folder, name));
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [port, folder] = process.argv.slice(2);
  await catchMail(Number(port), folder);
}

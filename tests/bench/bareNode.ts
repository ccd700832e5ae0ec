// The limit of Node itself for the site's answers: a bare node:http server writing exactly the bytes and
// the full header set the site sent for each page and encoding, chosen as nginx chooses (brotli, then
// gzip, then identity), with nothing else to do. Started by run.ts as its own process (pinned like the
// site); its argument is a JSON file of the answers.
//   node tests/bench/bareNode.ts PORT ANSWERS.json
import fs from 'node:fs';
import http from 'node:http';

/** One page's answer in one encoding, as the site sent it. */
export interface BareAnswer {
  status: number;
  /** Name, value, name, value…: the site's headers less Date and the connection's, which Node writes. */
  headers: string[];
  body: string;
}

/** A page's answers by encoding, by URL. */
export type BareAnswers = Record<string, Record<'br' | 'gzip' | 'identity', BareAnswer>>;

if (import.meta.url === `file://${process.argv[1]}`) {
  const [port, file] = process.argv.slice(2);
  const answers = JSON.parse(fs.readFileSync(file!, 'utf8')) as BareAnswers;
  const ready = new Map(
    Object.entries(answers).map(([url, byEncoding]) => [
      url,
      Object.fromEntries(
        Object.entries(byEncoding).map(([encoding, answer]) => [
          encoding,
          { ...answer, bytes: Buffer.from(answer.body, 'base64') },
        ]),
      ),
    ]),
  );
  http
    .createServer((req, res) => {
      const page = ready.get(req.url ?? '/');
      if (!page) {
        res.writeHead(404).end();
        return;
      }
      const accepted = req.headers['accept-encoding'] ?? '';
      const answer = accepted.includes('br') ? page.br : accepted.includes('gzip') ? page.gzip : page.identity;
      res.writeHead(answer!.status, answer!.headers);
      res.end(answer!.bytes);
    })
    .listen(Number(port), '127.0.0.1');
}

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { expect } from 'vitest';

/** A feed or a sitemap: answered 200, well-formed, and parsed with its attributes. */
export async function xmlOf<Doc = Record<string, Record<string, unknown>>>(
  server: Parameters<typeof request>[0],
  url: string,
) {
  const response = await request(server)
    .get(url)
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => done(null, body));
    });
  expect(response.status).toBe(200);
  const xml = response.body as string;
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false }).parse(xml) as Doc;
  return { response, doc };
}

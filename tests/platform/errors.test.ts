import request from 'supertest';
import { afterAll, describe, expect, it, vi } from 'vitest';

import { createLogger } from '../../server/http/logger';
import { testApp } from '../support/helpers';

function Broken(): never {
  throw new Error('secret detail: database password');
}

const logger = createLogger({ logLevel: 'silent' });
const logged = vi.spyOn(logger, 'error');
/** A document that throws while rendering. */
const app = testApp({}, { App: Broken, logger });
afterAll(() => app.db.close());

describe('a render error', () => {
  it('answers 500 with a branded page, logs the error and shows no detail', async () => {
    const response = await request(app).get('/');
    expect(response.status).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.text).toContain('We hit an unexpected problem');
    expect(response.text).toContain('Meridian Lab');
    expect(response.text).not.toContain('secret detail');
    expect(response.text).not.toContain('Unexpected Application Error');
    expect(response.text).not.toMatch(/at \w+ \(/);
    expect(logged).toHaveBeenCalled();
  });
});

import { afterEach, expect, it, vi } from 'vitest';

import { loadCatalogue } from '../../shared/content/i18n/catalogue';
import { loadLegalBody } from '../../shared/model/legalBodies';

afterEach(() => vi.unstubAllGlobals());

it("fills a legal page's text after a navigation in the browser with the facts the server gives, escaped, and says what is missing", async () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return Response.json({ legalName: 'Meridian & Co <LLC>' });
  });
  await loadCatalogue('es', ['legal']);
  const privacy = await loadLegalBody('es', 'privacy');
  expect(privacy).toContain('<strong>Razón social:</strong> Meridian &amp; Co &lt;LLC&gt;, que opera');
  expect(privacy).toContain('<strong>Dirección postal:</strong> (pendiente de publicación)');
  expect(privacy).not.toContain('{{');
  expect(await loadLegalBody('es', 'terms')).toContain('El sitio lo opera Meridian &amp; Co &lt;LLC&gt;');
  // Asked once a visit, and the same text for every render of the page.
  expect(asked).toEqual(['/api/legal-facts.json']);
  expect(loadLegalBody('es', 'privacy')).toBe(loadLegalBody('es', 'privacy'));
});

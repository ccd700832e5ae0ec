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

it('has terms that name the exact court, keep data-protection rights and regulators, never excuse gross fault, and leave the privacy policy out of the agreement', async () => {
  vi.stubGlobal('fetch', async () => Response.json({}));
  await loadCatalogue('en', ['legal']);
  await loadCatalogue('es', ['legal']);
  const en = await loadLegalBody('en', 'terms');
  const es = await loadLegalBody('es', 'terms');
  expect(en).toContain('the state or federal courts located in Miami-Dade County, Florida');
  expect(es).toContain('los tribunales estatales o federales ubicados en el condado de Miami-Dade, Florida');
  for (const regulator of ['(SIC)', '(OPC)', '(CRTC)', 'Law 1581 of 2012', 'PIPEDA', 'CASL'])
    expect(en).toContain(regulator);
  for (const regulator of ['(SIC)', '(OPC)', '(CRTC)', 'Ley 1581 de 2012', 'PIPEDA', 'CASL'])
    expect(es).toContain(regulator);
  expect(en).toContain('such as liability for fraud, wilful misconduct or gross negligence');
  expect(es).toContain('como la responsabilidad por fraude, dolo o culpa grave');
  expect(en).toContain('These terms are everything agreed between you and us about using the site.');
  expect(en).toContain('it is not part of this agreement');
  expect(es).toContain('no forma parte de este acuerdo');
  expect(en).toContain('Quebec');
  expect(es).toContain('Quebec');
});

it('writes the Spanish policy in the words a Colombian reader knows: dirección IP, a «sal» explained, no calque', async () => {
  vi.stubGlobal('fetch', async () => Response.json({}));
  await loadCatalogue('es', ['legal']);
  const privacy = await loadLegalBody('es', 'privacy');
  expect(privacy).not.toContain('dirección de red');
  expect(privacy).toContain('un valor secreto aleatorio («sal»)');
  expect(privacy).toContain('Medimos nosotros mismos las visitas a nuestro sitio');
  expect(privacy).not.toContain('le dice a nuestro servidor');
});

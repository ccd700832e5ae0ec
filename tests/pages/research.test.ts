import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { catalogues } from '../../server/pages/catalogues';
import { siteFacts } from '../../shared/content/data';
import { research as enResearch } from '../../shared/content/i18n/en/research';
import { publicationFacts as publications } from '../../shared/content/researchFacts';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { imageSources } from '../../shared/model/images';
import { testApp } from '../support/helpers';
import { elements, links, section, text } from '../support/html';

const { figures: impactFigures } = enResearch.impact;
const { items: partnerships } = enResearch.partnerships;
const { items: researchAreas } = enResearch.areas;

const app = testApp();
afterAll(() => app.db.close());

let main = '';

beforeAll(async () => {
  const response = await request(app).get('/research');
  expect(response.status).toBe(200);
  main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(response.text)?.[1] ?? '';
});

describe('GET /research in the raw HTML', () => {
  it("opens with the hero's 'Collaborate With Us' to /contact and 'Read Our Blog' to /blog", () => {
    const hero = section(main, 'page-title');
    expect(text(elements(hero, 'h1', '')[0] ?? '')).toBe('Research & Innovation');
    expect(links(hero)).toEqual([
      { href: '/contact', text: 'Collaborate With Us' },
      { href: '/blog', text: 'Read Our Blog' },
    ]);
  });

  it('shows the four research areas in order', () => {
    const areas = [...section(main, 'areas-title').matchAll(/<article\b[^>]*data-area="([^"]+)"/g)].map(([, id]) => id);
    expect(areas).toEqual(researchAreas.map((area) => area.id));
  });

  it.each(researchAreas)('$title: status, description, image, four focus items and a distinct Learn More', (area) => {
    const card = elements(main, 'article', `data-area="${area.id}"`)[0] ?? '';
    expect(text(elements(card, 'h3', '')[0] ?? '')).toBe(area.title);
    expect(text(elements(card, 'p', 'class="research-area__status')[0] ?? '')).toBe(`Status: ${area.status}`);
    expect(text(elements(card, 'p', 'class="research-area__description"')[0] ?? '')).toBe(area.description);
    expect(elements(card, 'li', 'class="research-area__highlight"').map(text)).toEqual(area.highlights);

    const image = /<img\b[^>]*>/.exec(card)?.[0] ?? '';
    expect(image).toContain(`src="${imageSources(area.image).src}"`);
    expect(image).toMatch(/ width="\d+" height="\d+" alt="" loading="lazy"/);

    expect(links(card)).toEqual([{ href: '/contact', text: `Learn More about ${area.title}` }]);
    expect(card).toMatch(/>Learn More<span class="visually-hidden">/);
  });

  it('states the impact figures', () => {
    const items = elements(section(main, 'impact-title'), 'li', 'class="research-impact__item"').map(text);
    expect(items).toEqual(['50+ Active Projects', '120+ Publications', '25+ Patents', '15+ Awards']);
    expect(items).toEqual(impactFigures.map((figure) => `${figure.value} ${figure.label}`));
  });

  it('lists three recent publications with title, journal, year, authors and impact tag', () => {
    const items = elements(section(main, 'publications-title'), 'li', 'class="research-publication"');
    expect(items).toHaveLength(3);
    items.forEach((item, index) => {
      const publication = publications[index]!;
      expect(text(elements(item, 'h3', '')[0] ?? '')).toBe(publication.title);
      expect(text(elements(item, 'p', 'class="research-publication__journal"')[0] ?? '')).toBe(
        `${publication.journal} , ${publication.year}`,
      );
      expect(item).toContain(`<cite>${publication.journal.replace(/&/g, '&amp;')}</cite>`);
      expect(text(elements(item, 'p', 'class="research-publication__authors"')[0] ?? '')).toBe(publication.authors);
      expect(text(elements(item, 'p', 'class="research-publication__impact"')[0] ?? '')).toBe(publication.impact);
    });
  });

  it('offers the three partnership types, each with a sentence and an icon', () => {
    const items = elements(section(main, 'partnerships-title'), 'li', 'class="research-partner"');
    expect(items.map((item) => text(elements(item, 'h3', '')[0] ?? ''))).toEqual([
      'Academic Institutions',
      'Industry Partners',
      'Government Agencies',
    ]);
    items.forEach((item, index) => {
      expect(text(item)).toContain(partnerships[index]!.description);
      expect(item).toMatch(/<svg[^>]*aria-hidden="true"/);
    });
  });

  it("closes with 'Start Collaboration' to /contact and 'Email Research Team' writing to the research address", () => {
    expect(links(section(main, 'research-cta-title'))).toEqual([
      { href: '/contact', text: 'Start Collaboration' },
      { href: `mailto:${siteFacts.researchEmail}`, text: 'Email Research Team' },
    ]);
    expect(siteFacts.researchEmail).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
  });

  it('labels every section by its heading, sets no inline style and sizes every image', () => {
    const sections = [...main.matchAll(/<section\b[^>]*aria-labelledby="([^"]+)"/g)].map(([, id]) => id);
    expect(sections).toEqual([
      'page-title',
      'areas-title',
      'impact-title',
      'publications-title',
      'partnerships-title',
      'research-cta-title',
    ]);
    for (const id of sections.slice(1)) expect(main).toMatch(new RegExp(`<h2 id="${id}"`));
    expect(main).not.toMatch(/\sstyle="/);
    expect(main.match(/<img\b[^>]*>/g)).toHaveLength(researchAreas.length);
  });
});

/** The research page's own words in both languages, besides those its catalogue gives. */
const researchIn = {
  path: { en: '/research', es: '/es/investigacion' },
  contact: { en: '/contact', es: '/es/contacto' },
  /** The publications keep the English they were published in: marked as such on the Spanish page only. */
  publicationLang: { en: '', es: ' lang="en"' },
  otherLanguageWords: {
    en: ['Más información', 'Estado:', 'Alto impacto', 'Oportunidades', 'Tecnologías'],
    es: [
      'Focus areas',
      'Learn More',
      'Status:',
      'Active Research',
      'Partnership opportunities',
      'High Impact',
      'Start Collaboration',
    ],
  },
} satisfies Record<string, Record<Locale, unknown>>;

describe.each(locales)('the research page in %s', (locale) => {
  it('shows its areas, figures, partnerships and calls in its language, and the publications in the English they were published in', async () => {
    const page = /<main[\s\S]*<\/main>/.exec((await request(app).get(researchIn.path[locale])).text)?.[0] ?? '';
    const words = text(page);
    const { research } = catalogues[locale];
    for (const heading of [
      research.hero.title,
      research.areas.title,
      research.impact.title,
      research.publications.title,
      research.partnerships.title,
      research.cta.title,
    ])
      expect(words).toContain(heading);
    for (const area of research.areas.items) {
      expect(words).toContain(text(`${research.areas.statusLabel}${area.status}`));
      for (const highlight of area.highlights) expect(words).toContain(highlight);
      expect(words).toContain(`${research.areas.learnMore} ${research.areas.learnMoreAbout(area.title).trim()}`);
    }
    for (const figure of research.impact.figures) expect(words).toContain(`${figure.value} ${figure.label}`);
    for (const partner of research.partnerships.items)
      expect(words).toContain(`${partner.title} ${partner.description}`);
    for (const impact of Object.values(research.publications.impacts)) expect(words).toContain(impact);
    const lang = researchIn.publicationLang[locale];
    expect(page).toContain(`<h3 class="research-publication__title"${lang}>Machine Learning Models`);
    expect(page).toContain(`<cite${lang}>Journal of Computational Drug Discovery</cite>`);
    expect(page).toContain(`href="${researchIn.contact[locale]}"`);
    for (const word of researchIn.otherLanguageWords[locale]) expect(page).not.toContain(word);
  });
});

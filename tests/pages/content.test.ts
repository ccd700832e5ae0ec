import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { currency } from '../../shared/content/data';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { research as enResearch } from '../../shared/content/i18n/en/research';
import { services as enServices } from '../../shared/content/i18n/en/services';
import { publicationFacts as publications } from '../../shared/content/researchFacts';
import { technologies } from '../../shared/content/technologies';
import { rasters } from '../../shared/generated/images';

const { items: addOns } = enServices.addOns;
const { features: planFeatures } = enServices.plans;
const { steps: processSteps } = enServices.process;
const { formatPrice, plans } = enCommon.plans;
const { figures: impactFigures } = enResearch.impact;
const { items: partnerships } = enResearch.partnerships;
const { items: researchAreas } = enResearch.areas;

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../public');

/** Width and height of a WebP file, read from its header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): { width: number; height: number } {
  expect(file.toString('ascii', 0, 4)).toBe('RIFF');
  expect(file.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = file.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  expect(chunk).toBe('VP8X');
  return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
}

/** The artwork behind an image URL: it exists under public/, is small, and the build made its widths at its own size. */
function expectArtwork(url: string, folder: string) {
  expect(url).toMatch(new RegExp(`^/images/${folder}/[a-z0-9-]+\\.webp$`));
  const file = fs.readFileSync(path.join(PUBLIC_DIR, url));
  expect(file.byteLength).toBeLessThan(40 * 1024);
  const record = rasters[url];
  expect(record, url).toBeDefined();
  expect(webpSize(file)).toEqual({ width: record?.width, height: record?.height });
}

describe('plans', () => {
  it('are the four plans of the spec, in order, at their CAD prices', () => {
    expect(plans.map((plan) => [plan.id, plan.title, formatPrice(plan.price), plan.priceNote])).toEqual([
      ['web-subscription', 'Web Subscription', '$99', 'per month'],
      ['ai-voice-systems', 'AI Voice Systems', '$99', 'per month'],
      ['marketing-ads', 'Marketing with Ads', '$299', 'per month'],
      ['all-in-one', 'All-in-One Package', '$1000', 'per month'],
    ]);
    expect(currency).toBe('CAD');
  });

  it('each list eight distinct features and a description', () => {
    for (const plan of plans) {
      expect(planFeatures[plan.id], plan.title).toHaveLength(8);
      expect(new Set(planFeatures[plan.id]).size, plan.title).toBe(8);
      expect(plan.description.length, plan.title).toBeGreaterThan(20);
    }
  });

  it('mark only Marketing with Ads as popular and only the All-in-One Package as featured', () => {
    expect(plans.filter((plan) => plan.popular).map((plan) => plan.title)).toEqual(['Marketing with Ads']);
    expect(plans.filter((plan) => plan.featured).map((plan) => plan.title)).toEqual(['All-in-One Package']);
  });

  it('each point to their own artwork', () => {
    for (const plan of plans) expectArtwork(plan.image, 'plans');
    expect(new Set(plans.map((plan) => plan.image)).size).toBe(plans.length);
  });

  it('write prices as the spec does: whole dollars, no separator', () => {
    expect(formatPrice(1000)).toBe('$1000');
    expect(formatPrice(25)).toBe('$25');
  });
});

describe('add-ons', () => {
  it('are the four of the spec with their monthly prices and a description each', () => {
    expect(addOns.map((addOn) => [addOn.name, formatPrice(addOn.price)])).toEqual([
      ['E-commerce Integration', '$50'],
      ['Advanced Analytics', '$30'],
      ['Additional Languages', '$25'],
      ['Custom API Development', '$100'],
    ]);
    for (const addOn of addOns) expect(addOn.description, addOn.name).toMatch(/^[A-Z].{20,}\.$/);
  });
});

describe('process', () => {
  it('has the four steps in order, each with a sentence', () => {
    expect(processSteps.map((step) => step.title)).toEqual(['Discovery', 'Design', 'Development', 'Launch']);
    for (const step of processSteps) expect(step.description, step.title).toMatch(/^[A-Z].{20,}\.$/);
  });
});

describe('technologies', () => {
  it('are the twelve of the spec, in its order', () => {
    expect(technologies.map((technology) => technology.name)).toEqual([
      'React',
      'Next.js',
      'TypeScript',
      'Node.js',
      'Python',
      'AI/ML',
      'AWS',
      'Google Cloud',
      'Tailwind CSS',
      'MongoDB',
      'PostgreSQL',
      'Docker',
    ]);
  });
});

describe('research', () => {
  it('has the four areas with their statuses', () => {
    expect(researchAreas.map((area) => [area.title, area.status])).toEqual([
      ['Drug Discovery & Development', 'Active Research'],
      ['Biotechnology Innovation', 'Breakthrough Phase'],
      ['Environmental Solutions', 'Pilot Studies'],
      ['Diagnostic Technologies', 'Clinical Validation'],
    ]);
  });

  it('gives each area a description, four distinct focus items and its own artwork', () => {
    for (const area of researchAreas) {
      expect(area.highlights, area.title).toHaveLength(4);
      expect(new Set(area.highlights).size, area.title).toBe(4);
      expect(area.description, area.title).toMatch(/^[A-Z].{20,}\.$/);
      expectArtwork(area.image, 'research');
    }
    expect(new Set(researchAreas.map((area) => area.id)).size).toBe(4);
  });

  it('states the impact figures of the spec', () => {
    expect(impactFigures.map((figure) => `${figure.value} ${figure.label}`)).toEqual([
      '50+ Active Projects',
      '120+ Publications',
      '25+ Patents',
      '15+ Awards',
    ]);
  });

  it('lists three recent publications, each with title, journal, year, authors and impact tag', () => {
    expect(publications).toHaveLength(3);
    for (const publication of publications) {
      expect(publication.title.length).toBeGreaterThan(20);
      expect(publication.journal.length).toBeGreaterThan(5);
      expect(Number.isInteger(publication.year)).toBe(true);
      expect(publication.year).toBeGreaterThanOrEqual(2020);
      expect(publication.authors).toMatch(/\w\. \w+/);
      expect(publication.impact.length).toBeGreaterThan(3);
    }
    const years = publications.map((publication) => publication.year);
    expect([...years].sort((a, b) => b - a)).toEqual(years);
  });

  it('offers the three partnership types, each with a sentence', () => {
    expect(partnerships.map((partnership) => partnership.title)).toEqual([
      'Academic Institutions',
      'Industry Partners',
      'Government Agencies',
    ]);
    for (const partnership of partnerships) expect(partnership.description).toMatch(/^[A-Z].{20,}\.$/);
  });
});

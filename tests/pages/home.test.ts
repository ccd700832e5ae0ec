import fs from 'node:fs';
import path from 'node:path';

import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { common as enCommon } from '../../shared/content/i18n/en/common';
import { home as enHome } from '../../shared/content/i18n/en/home';
import { assetUrl } from '../../shared/model/assets';
import { imageSources } from '../../shared/model/images';
import { testApp } from '../support/helpers';
import { section, text } from '../support/html';

const { callToAction: homeCallToAction, hero: homeHero, whyChoose: homeWhyChoose } = enHome;
const { formatPrice, plans } = enCommon.plans;
const { offices } = enCommon.site;

const app = testApp();
afterAll(() => app.db.close());

let html = '';
beforeAll(async () => {
  const response = await request(app).get('/');
  expect(response.status).toBe(200);
  html = response.text;
});

/** The HTML as text: tags dropped, entities of the texts we check decoded, spaces collapsed. */
/** The opening tag of the link whose text is `label`, or undefined. */
function linkTo(markup: string, label: string): string | undefined {
  return new RegExp(`(<a\\b[^>]*>)\\s*${label}\\s*(?:<svg|</a>)`).exec(markup)?.[1];
}

describe('GET / (raw HTML, before any script runs)', () => {
  it('has one h1 whose text is the whole headline, typed word included', () => {
    const h1s = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)];
    expect(h1s).toHaveLength(1);
    expect(text(h1s[0]?.[1] ?? '').trim()).toBe('Transforming Digital Experiences');
    // The moving letters are hidden from assistive technology and start empty (their span is the typewriter's, decision 100).
    expect(h1s[0]?.[1]).toMatch(
      /<span class="home-typewriter__letters" aria-hidden="true"><span class="home-typewriter__typed"><\/span><\/span>/,
    );
  });

  it('links the two hero buttons to their pages', () => {
    const hero = section(html, 'page-title');
    expect(linkTo(hero, 'View Our Services')).toMatch(/href="\/services"/);
    expect(linkTo(hero, 'Start Your Project')).toMatch(/href="\/contact"/);
  });

  it('ships the poster as the high-priority largest paint, its AVIF widths preloaded in <head>', () => {
    const { src, srcSets, width, height } = imageSources(homeHero.media.poster);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="${srcSets?.avif}" imageSizes="100vw"/>`,
    );
    expect(html).toContain(
      `<picture><source type="image/avif" srcSet="${srcSets?.avif}" sizes="100vw"/><img class="home-hero__poster" src="${src}" srcSet="${srcSets?.webp}" sizes="100vw" width="${width}" height="${height}" alt="" fetchPriority="high"/></picture>`,
    );
  });

  it('has a muted, looping, inline video whose sources wait (preload none, no autoplay attribute)', () => {
    const video = /<video\b([^>]*)>([\s\S]*?)<\/video>/.exec(html);
    expect(video).not.toBeNull();
    const [, attributes = '', children = ''] = video ?? [];
    expect(attributes).toMatch(/\bmuted=""/);
    expect(attributes).toMatch(/\bloop=""/);
    expect(attributes).toMatch(/\bplaysinline=""/i);
    expect(attributes).toMatch(/\bpreload="none"/);
    expect(attributes).not.toMatch(/\bautoplay/i);
    expect(children).toContain(`<source src="${assetUrl('/video/hero-loop.webm')}" type="video/webm"/>`);
    expect(children).toContain(`<source src="${assetUrl('/video/hero-loop.mp4')}" type="video/mp4"/>`);
  });

  it('puts no inline style attribute in the markup (the CSP forbids it)', () => {
    expect(html).not.toMatch(/<[^>]+\sstyle="/);
  });

  it('names the three offices in About', () => {
    const about = text(section(html, 'about-title'));
    expect(about).toContain('About Meridian Lab');
    for (const office of offices) expect(about).toContain(office.city);
    expect(offices.map((office) => office.city)).toEqual(['Miami', 'Bogota', 'New York']);
  });

  it('lists the four plans in Our Services with price, per month and CAD, each linking to /services', () => {
    const services = section(html, 'services-title');
    const content = text(services);
    expect(content).toContain('Our Services');
    expect(plans.map((plan) => formatPrice(plan.price))).toEqual(['$99', '$99', '$299', '$1000']);
    for (const plan of plans) {
      expect(content).toContain(`${plan.title}`);
      expect(content).toContain(`${formatPrice(plan.price)} CAD per month`);
      expect(linkTo(services, plan.title)).toMatch(/href="\/services"/);
    }
    expect(services.match(/<li class="card card--lift home-plan/g)).toHaveLength(4);
  });

  it('gives Why Choose its four reasons, each with an icon and a sentence', () => {
    const why = section(html, 'why-choose-title');
    const content = text(why);
    expect(content).toContain('Why Choose Meridian Lab');
    const titles = ['Cutting-Edge Technology', 'Global Presence', 'Fast Delivery', 'Transparent Pricing'];
    expect(homeWhyChoose.items.map((item) => item.title)).toEqual(titles);
    for (const item of homeWhyChoose.items) {
      expect(content).toContain(item.title);
      expect(content).toContain(text(item.text));
    }
    expect(why.match(/<span class="home-reason__icon" aria-hidden="true"><svg/g)).toHaveLength(4);
  });

  it('closes with Start Your Project to /contact and View Pricing to /services', () => {
    const cta = section(html, 'get-started-title');
    expect(text(cta)).toContain(homeCallToAction.title);
    expect(linkTo(cta, 'Start Your Project')).toMatch(/href="\/contact"/);
    expect(linkTo(cta, 'View Pricing')).toMatch(/href="\/services"/);
  });

  it('labels every section by its heading', () => {
    for (const id of ['page-title', 'about-title', 'services-title', 'why-choose-title', 'get-started-title']) {
      expect(html).toMatch(new RegExp(`<section\\b[^>]*aria-labelledby="${id}"`));
      expect(html).toMatch(new RegExp(`<h[12] id="${id}"`));
    }
  });
});

describe('the hero media files', () => {
  const publicDir = path.resolve('public');

  it('serves the video in WebM and MP4, together within 1.5 MB, with the right types', async () => {
    let total = 0;
    for (const source of homeHero.media.sources) {
      const response = await request(app).get(assetUrl(source.src)).buffer(true);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe(source.type);
      total += fs.statSync(path.join(publicDir, source.src)).size;
    }
    expect(total).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  });

  it('answers range requests, which Safari needs to play video', async () => {
    const response = await request(app).get(assetUrl('/video/hero-loop.mp4')).set('Range', 'bytes=0-99');
    expect(response.status).toBe(206);
    expect(response.headers['content-length']).toBe('100');
  });

  it('serves the poster small enough to paint fast: its widest AVIF under 20 KB', async () => {
    const widest = imageSources(homeHero.media.poster).srcSets?.avif.split(', ').at(-1)?.split(' ')[0] ?? '';
    const response = await request(app).get(widest);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/avif');
    expect(Number(response.headers['content-length'])).toBeLessThan(20 * 1024);
  });
});

describe('the home page in both languages', () => {
  it.each([
    ['/', ['Transforming Digital', 'About Meridian Lab'], '$1000', 'per month'],
    ['/es', ['Transformamos experiencias', 'Sobre Meridian Lab'], '$\u00a01.000', 'al mes'],
  ] as const)(
    '%s is in its language, prices in CAD as its readers write them',
    async (path, words, amount, perMonth) => {
      const { text } = await request(app).get(path);
      for (const word of words) expect(text).toContain(word);
      expect(text).toContain(
        `<span class="home-plan__amount">${amount}</span> <span class="home-plan__currency">CAD</span> <span class="home-plan__note">${perMonth}</span>`,
      );
      expect(text).toMatch(new RegExp(`class="nav-link is-active" aria-current="page" href="${path}"`));
    },
  );
});

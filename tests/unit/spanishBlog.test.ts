import { describe, expect, it } from 'vitest';
import { catalogues } from '../../server/pages/catalogues';
import { gridSummary } from '../../shared/components/blog/PostGrid';
import type { BlogPost } from '../../shared/content/blog';
import type { BlogView } from '../../shared/model/blog';
import { selectBlogView } from '../../shared/model/blog';
import { formatDate } from '../../build/content/dates';
import { countOf } from '../../shared/lib/plural';

const { en, es } = catalogues;

/** A grid of `shown` posts out of `total`, as selectBlogView returns it. */
function view(shown: number, total: number): BlogView {
  const posts = Array.from({ length: shown }, (_, index) => ({ ...es.posts.posts[1]!, id: index + 2 }) as BlogPost);
  return { featured: undefined, posts, total, page: 1, pageCount: 1, nextPage: null, firstOfNextPage: null };
}

describe('the Spanish blog counts, by the CLDR plural rules', () => {
  it('counts posts as "1 publicación" and "6 publicaciones"', () => {
    expect(countOf('es-CO', 1, es.blog.postForms)).toBe('1 publicación');
    expect(countOf('es-CO', 6, es.blog.postForms)).toBe('6 publicaciones');
    expect(countOf('es-CO', 0, es.blog.postForms)).toBe('0 publicaciones');
    expect(countOf('es-CO', 1200, es.blog.postForms)).toBe('1.200 publicaciones');
    expect(countOf('es-CO', 12000, es.blog.postForms)).toBe('12.000 publicaciones');
  });

  it('words the grid summary in Spanish, with and without a category', () => {
    expect(gridSummary(view(1, 1), 'research', es, 'es')).toBe('1 publicación en Investigación');
    expect(gridSummary(view(5, 5), 'all', es, 'es')).toBe('5 publicaciones');
    expect(gridSummary(view(6, 8), 'technology', es, 'es')).toBe('Mostrando 6 de 8 publicaciones en Tecnología');
    expect(gridSummary(view(0, 0), 'industry', es, 'es')).toBe('Aún no hay más publicaciones en Noticias del sector');
  });

  it('keeps the English summary the spec gives', () => {
    expect(gridSummary(view(1, 1), 'research', en, 'en')).toBe('1 post in Research');
    expect(gridSummary(view(5, 5), 'all', en, 'en')).toBe('5 posts');
    expect(gridSummary(view(6, 8), 'technology', en, 'en')).toBe('Showing 6 of 8 posts in Technology');
    expect(gridSummary(view(0, 0), 'industry', en, 'en')).toBe('No other posts in Industry News yet');
  });

  it('summarises the real Spanish posts like the English ones', () => {
    const spanish = selectBlogView(es.posts.posts, { category: 'all', page: 1 });
    expect(gridSummary(spanish, 'all', es, 'es')).toBe('5 publicaciones');
    expect(gridSummary(selectBlogView(es.posts.posts, { category: 'research', page: 1 }), 'research', es, 'es')).toBe(
      'Aún no hay más publicaciones en Investigación',
    );
  });

  it('words what is left to read and the link\'s lifetime by the same rules', () => {
    expect(es.blog.morePosts(countOf('es-CO', 1, es.blog.moreForms))).toBe('1 publicación más por leer');
    expect(es.blog.morePosts(countOf('es-CO', 3, es.blog.moreForms))).toBe('3 publicaciones más por leer');
    expect(en.blog.morePosts(countOf('en-US', 1, en.blog.moreForms))).toBe('1 more post to read');
    expect(en.blog.morePosts(countOf('en-US', 3, en.blog.moreForms))).toBe('3 more posts to read');
    expect(es.blog.newsletter.messages.pending).toContain('durante 7 días.');
  });
});

describe('the Spanish blog dates, by Intl.DateTimeFormat', () => {
  it('writes "8 de marzo de 2024", the same day on every time zone', () => {
    expect(formatDate('2024-03-08', 'es')).toBe('8 de marzo de 2024');
    expect(formatDate('2024-01-01', 'es')).toBe('1 de enero de 2024');
    expect(formatDate('2024-02-29', 'es')).toBe('29 de febrero de 2024');
    expect(formatDate('2024-03-08', 'en')).toBe('March 8, 2024');
  });

  it('leaves a date that does not exist as it was written', () => {
    expect(formatDate('2024-02-30', 'es')).toBe('2024-02-30');
    expect(formatDate('mañana', 'es')).toBe('mañana');
  });
});

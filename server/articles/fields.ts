/** An article's editable fields, as the editor posts them and a revision keeps them, and their checks. */
import type { PostCategory } from '../../shared/content/blog';
import { categoryValues } from '../../shared/content/blog';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { isKnownImage } from '../../shared/model/images';

export interface ArticleFields {
  locale: Locale;
  slug: string;
  title: string;
  excerpt: string;
  category: PostCategory;
  /** The name the page shows: a staff member's display name when `authorId` names them, else a guest's. */
  author: string;
  /** The staff member who wrote it, or null for a guest author (decision 075). */
  authorId: number | null;
  /** ISO date (YYYY-MM-DD): the date the article shows. */
  date: string;
  featured: boolean;
  /** A site path (/images/…) of the cover image, or "" for none. */
  image: string;
  imageAlt: string;
  /** Markdown. */
  body: string;
  /** The page's <title> and og:title; '' for the title followed by the site's name. */
  seoTitle: string;
  /** The page's meta description and og:description; '' for the excerpt. */
  seoDescription: string;
}

export const ARTICLE_FIELDS = [
  'locale',
  'slug',
  'title',
  'excerpt',
  'category',
  'author',
  'authorId',
  'date',
  'featured',
  'image',
  'imageAlt',
  'body',
  'seoTitle',
  'seoDescription',
] as const satisfies readonly (keyof ArticleFields)[];

export type ArticleFieldName = (typeof ARTICLE_FIELDS)[number];

/** The fields a person compares (revisions, a conflict): the author by name, not by account number. */
export const COMPARED_FIELDS = ARTICLE_FIELDS.filter((name) => name !== 'authorId');

/** The editor's labels: a problem names its field by them. */
export const fieldLabels: Record<ArticleFieldName, string> = {
  locale: 'Language',
  slug: 'Slug',
  title: 'Title',
  excerpt: 'Excerpt',
  category: 'Category',
  author: 'Author',
  authorId: 'Written by',
  date: 'Date',
  featured: 'Featured',
  image: 'Cover image',
  imageAlt: 'Cover image alt text',
  body: 'Body (Markdown)',
  seoTitle: 'Headline in search results and shares',
  seoDescription: 'Description in search results and shares',
};

export const LIMITS = {
  slug: 120,
  title: 160,
  excerpt: 400,
  author: 100,
  image: 300,
  imageAlt: 200,
  body: 100_000,
  seoTitle: 120,
  seoDescription: 320,
};

/** What search results show whole: a longer SEO title or description is cut there (the editor counts against these). */
export const SEO_RECOMMENDED = { seoTitle: 60, seoDescription: 160 } as const;

export const postCategories = categoryValues.filter((value): value is PostCategory => value !== 'all');

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the form sent, as typed (every field a string), so a refused form shows it again. */
export type TypedFields = Record<ArticleFieldName, string>;

export type CheckedFields =
  | { ok: true; fields: ArticleFields }
  | { ok: false; errors: Partial<Record<ArticleFieldName, string>>; typed: TypedFields };

/** The form's text, nothing else; line ends as the browser sends them become "\n". */
export function typedFields(form: Record<string, string>): TypedFields {
  return Object.fromEntries(
    ARTICLE_FIELDS.map((name) => [name, (form[name] ?? '').replace(/\r\n?/g, '\n')]),
  ) as TypedFields;
}

function isRealDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return DATE.test(value) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** Checks a form: each problem names its field and says what is expected. */
export function checkFields(typed: TypedFields): CheckedFields {
  const errors: Partial<Record<ArticleFieldName, string>> = {};
  const text = (name: 'title' | 'excerpt' | 'author' | 'body', limit: number) => {
    const value = name === 'body' ? typed[name] : typed[name].trim();
    if (value.trim() === '') errors[name] = `${fieldLabels[name]} is required.`;
    else if (value.length > limit) errors[name] = `${fieldLabels[name]} is at most ${limit} characters.`;
    return value;
  };
  const title = text('title', LIMITS.title);
  const excerpt = text('excerpt', LIMITS.excerpt);
  const author = text('author', LIMITS.author);
  const body = text('body', LIMITS.body);
  const slug = typed.slug.trim();
  if (!SLUG.test(slug) || slug.length > LIMITS.slug)
    errors.slug = `Slug: lowercase letters, digits and single hyphens only, at most ${LIMITS.slug} characters (it is the URL).`;
  const locale = locales.find((candidate) => candidate === typed.locale);
  if (!locale) errors.locale = 'Language: choose English or Spanish.';
  const category = postCategories.find((candidate) => candidate === typed.category);
  if (!category) errors.category = 'Category: choose one of the blog’s categories.';
  const date = typed.date.trim();
  if (!isRealDate(date)) errors.date = 'Date: a real date, as YYYY-MM-DD.';
  const image = typed.image.trim();
  if (image && (!/^\/[\w/.-]+$/.test(image) || image.includes('..') || image.length > LIMITS.image))
    errors.image = 'Cover image: a path on this site, such as /images/blog/name.svg, or upload one below.';
  else if (image && !isKnownImage(image))
    errors.image = `Cover image: there is no image at ${image}; name one under public/images/blog/ or upload one below.`;
  const seo = (name: 'seoTitle' | 'seoDescription') => {
    const value = typed[name].trim().replace(/\s+/g, ' ');
    if (value.length > LIMITS[name]) errors[name] = `${fieldLabels[name]} is at most ${LIMITS[name]} characters.`;
    return value;
  };
  const seoTitle = seo('seoTitle');
  const seoDescription = seo('seoDescription');
  const authorId = typed.authorId.trim();
  if (authorId !== '' && !/^\d{1,15}$/.test(authorId)) errors.authorId = 'Written by: choose someone from the list.';
  const imageAlt = typed.imageAlt.trim();
  if (image && !imageAlt) errors.imageAlt = 'Cover image alt text: say what the image shows.';
  else if (imageAlt.length > LIMITS.imageAlt)
    errors.imageAlt = `Cover image alt text is at most ${LIMITS.imageAlt} characters.`;
  if (Object.keys(errors).length || !locale || !category) return { ok: false, errors, typed };
  return {
    ok: true,
    fields: {
      locale,
      slug,
      title,
      excerpt,
      category,
      author,
      authorId: authorId === '' ? null : Number(authorId),
      date,
      featured: typed.featured === 'on' || typed.featured === 'true',
      image,
      imageAlt,
      body,
      seoTitle,
      seoDescription,
    },
  };
}

/** An article's fields as the form shows them. */
export function typedOf(fields: ArticleFields): TypedFields {
  return {
    ...fields,
    featured: fields.featured ? 'on' : '',
    authorId: fields.authorId === null ? '' : String(fields.authorId),
  };
}

/** Fields kept as JSON (a revision, a pending edit) before some were added: the new ones empty. */
export function fieldsFromJson(json: string): ArticleFields {
  return {
    authorId: null,
    seoTitle: '',
    seoDescription: '',
    ...(JSON.parse(json) as Partial<ArticleFields>),
  } as ArticleFields;
}

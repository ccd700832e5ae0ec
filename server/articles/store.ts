/**
 * The articles in the site's database (decision 052): each language version a row, a pair sharing
 * pair_id, every save a revision, the old slugs of published articles, and the content version every
 * instance follows.
 */
import type { Locale } from '../../shared/lib/locale';
import type { AuditAction } from '../console/audit/record';
import { recordAudit, SCHEDULE_ACTOR } from '../console/audit/record';
import type { Database, Queryable } from '../db';
import type { Cursor, KeysetPage } from '../db/keyset';
import { keysetPage } from '../db/keyset';
import type { ArticleFields } from './fields';
import { ARTICLE_FIELDS, fieldsFromJson } from './fields';

export const articleStates = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type ArticleState = (typeof articleStates)[number];

/** One language version as the console and the public pages read it. */
export interface Article extends ArticleFields {
  id: number;
  /** Shared by an article and its translation: the public pages' post id. */
  pairId: number;
  state: ArticleState;
  /** When a scheduled article goes live (ISO, to the minute). */
  publishAt: string | null;
  /** When it first went live. */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
  /**
   * A published article's saved edit, not live yet (decision 075): the preview shows it, "Publish changes" makes
   * it live, "Discard" drops it. Null when there is none.
   */
  pending: ArticleFields | null;
  /** When the pending edit is scheduled to go live (ISO, to the minute), or null. */
  pendingAt: string | null;
  /** The live body's read time as a load counted it (decision 094), or null until one has. */
  readTime: string | null;
}

/** The list's row: the article and its translation's state, or null when it has none. */
export interface ArticleListItem extends Article {
  translation: { id: number; locale: Locale; state: ArticleState } | null;
}

export interface ArticleFilter {
  state: ArticleState | '';
  locale: Locale | '';
  /** Searched in the title, the slug and the author. */
  search: string;
}

export interface Revision {
  id: number;
  /** Its place among the article's own revisions, from 1: what the console calls it. */
  number: number;
  articleId: number;
  savedAt: string;
  savedBy: string;
  /** What the save did beside the fields: "published", "restored revision 3"… */
  note: string;
  fields: ArticleFields;
}

/** A row of the articles table: the fields under their column names, featured stored as 0 or 1. */
type ArticleRow = Omit<ArticleFields, 'featured' | 'imageAlt' | 'authorId' | 'seoTitle' | 'seoDescription'> & {
  id: number;
  author_id: number | null;
  seo_title: string;
  seo_description: string;
  pair_id: number;
  featured: number;
  image_alt: string;
  state: ArticleState;
  publish_at: string | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string;
  pending: string | null;
  pending_at: string | null;
  read_time: string | null;
};

const COLUMNS =
  'id, pair_id, locale, slug, title, excerpt, category, author, author_id, date, featured, image, image_alt, body, seo_title, seo_description, state, publish_at, published_at, created_at, updated_at, updated_by, pending, pending_at, read_time';

function toArticle(row: ArticleRow): Article {
  return {
    id: row.id,
    pairId: row.pair_id,
    locale: row.locale,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    author: row.author,
    authorId: row.author_id === null ? null : Number(row.author_id),
    date: row.date,
    featured: row.featured === 1,
    image: row.image,
    imageAlt: row.image_alt,
    body: row.body,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    state: row.state,
    publishAt: row.publish_at,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    pending: row.pending === null ? null : fieldsFromJson(row.pending),
    pendingAt: row.pending_at,
    readTime: row.read_time,
  };
}

/** The editable fields of an article, in the form a revision keeps them. */
function fieldsOf(article: ArticleFields): ArticleFields {
  return Object.fromEntries(ARTICLE_FIELDS.map((name) => [name, article[name]])) as unknown as ArticleFields;
}

/** Why a save was refused: the field it is about, for the editor to mark. */
type SaveResult = { ok: true; id: number } | { ok: false; field: 'slug' | 'locale' | 'pair'; reason: string };

/** Who saves an article's fields, when, and the note their revision keeps. */
interface UpdateOptions {
  by: string;
  now?: Date;
  /** The revision's note, '' when none. */
  note?: string;
}

/** What a save did: went live (a draft's, or a change published), or was kept as a published article's pending edit. */
type Saved = { ok: true; id: number; pending: boolean };

export interface ArticleStore {
  /** Fills an empty database with the seed articles once, even when two instances start together. */
  seed(articles: readonly SeedArticle[], now?: Date): Promise<boolean>;
  /**
   * A page of the console's list (`limit`), the last changed first, from a keyset cursor of change time and id
   * (decision 091), how many match in all, and the cursors of the pages either side.
   */
  page(
    filter: ArticleFilter,
    cursor: Cursor | null,
    limit: number,
  ): Promise<Omit<KeysetPage<ArticleListItem>, 'rows'> & { articles: ArticleListItem[]; total: number }>;
  get(id: number): Promise<Article | undefined>;
  /** The other language version of an article, if it has one. */
  translationOf(article: Pick<Article, 'id' | 'pairId'>): Promise<Article | undefined>;
  /** A new draft; with `pairId`, the translation of that article. */
  create(fields: ArticleFields, by: string, pairId?: number, now?: Date): Promise<SaveResult>;
  /**
   * Saves the fields as they are, keeping a revision; a published slug that changes keeps its old URL. A
   * published article's save is kept as its pending edit, the live version untouched.
   */
  update(id: number, fields: ArticleFields, options: UpdateOptions): Promise<SaveResult | Saved>;
  /** Deletes a draft or unpublished article with its revisions; false when it is live or scheduled (or gone). */
  remove(id: number): Promise<boolean>;
  /** Makes a published article's pending edit live; false when it has none. */
  publishChanges(id: number, by: string, now?: Date): Promise<SaveResult | undefined>;
  /** Drops a published article's pending edit (and its schedule); false when it has none. */
  discardChanges(id: number, by: string, now?: Date): Promise<boolean>;
  /** Schedules a published article's pending edit to go live at `at`. */
  scheduleChanges(id: number, at: Date, by: string, now?: Date): Promise<boolean>;
  publish(id: number, by: string, now?: Date): Promise<boolean>;
  schedule(id: number, at: Date, by: string, now?: Date): Promise<boolean>;
  unpublish(id: number, by: string, now?: Date): Promise<boolean>;
  /**
   * Publishes every scheduled article (and scheduled pending edit) that is due; the count this call published
   * (0 when another instance did). One that `problemOf` finds a problem with goes back off the schedule instead,
   * its revision saying why.
   */
  publishDue(now?: Date, problemOf?: (article: Article) => string | undefined): Promise<number>;
  revisions(articleId: number): Promise<Revision[]>;
  /** Saves an old revision's fields as the article's newest (a published article's pending edit). */
  restore(articleId: number, revisionId: number, by: string, now?: Date): Promise<SaveResult | Saved | undefined>;
  /** The published articles of a language, newest first. */
  published(locale: Locale): Promise<Article[]>;
  /**
   * Keeps the read times a load counted (decision 094), each for the body it counted: one saved since (a later
   * `updatedAt`) stays uncounted for the next load.
   */
  keepReadTimes(counted: readonly Pick<Article, 'id' | 'updatedAt' | 'readTime'>[]): Promise<void>;
  /** A language's old slugs of published articles, each with the article it now answers with. */
  redirects(locale: Locale): Promise<ReadonlyMap<string, Article>>;
  /** The content version: it moves with every change any instance makes. */
  version(): Promise<number>;
}

/** A seed article's language version (server/articles/seed.ts makes them from server/articles/postSeed.ts). */
export interface SeedArticle extends ArticleFields {
  pairId: number;
}

export const SEED_MARKER = 'articles-seeded';
/** Who the schedule's own step saves as, publishing an article or taking it off the schedule. */
export const SCHEDULE_BY = SCHEDULE_ACTOR;

/** The audit log's action for each change of state a person makes (decision 072). */
const stateActions = {
  published: 'article.publish',
  scheduled: 'article.schedule',
  unpublished: 'article.unpublish',
} as const satisfies Partial<Record<ArticleState, AuditAction>>;
/** How a revision of an article the schedule could not publish begins; the time and the reason follow. */
const NOT_PUBLISHED_NOTE = 'not published at';
/** The note of a published article's save kept as its pending edit. */
const PENDING_NOTE = 'pending change saved';

async function bumpVersion(tx: Queryable): Promise<void> {
  await tx.run("UPDATE content_versions SET version = version + 1 WHERE name = 'articles'");
}

async function addRevision(
  tx: Queryable,
  { articleId, fields, savedBy, savedAt, note }: Omit<Revision, 'id' | 'number'>,
): Promise<void> {
  await tx.run(
    'INSERT INTO article_revisions (article_id, saved_at, saved_by, note, fields) VALUES (?, ?, ?, ?, ?)',
    articleId,
    savedAt,
    savedBy,
    note,
    JSON.stringify(fieldsOf(fields)),
  );
}

/** The fields a save writes: all but the language, which a version keeps from its creation. */
const SAVED_FIELDS = ARTICLE_FIELDS.filter((name) => name !== 'locale');
/** Their columns: the names in snake_case (imageAlt: image_alt, seoTitle: seo_title). */
const FIELD_COLUMNS = SAVED_FIELDS.map((name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
/** The saved fields as the columns hold them (featured as 0 or 1), in the order of FIELD_COLUMNS. */
const fieldValues = (fields: ArticleFields) =>
  SAVED_FIELDS.map((name) => (name === 'featured' ? (fields.featured ? 1 : 0) : fields[name]));

/** A new language version of a pair, in a state, made at `at` by `by`. */
interface NewVersion {
  pairId: number;
  fields: ArticleFields;
  state: ArticleState;
  publishedAt: string | null;
  at: string;
  by: string;
}

/** Inserts a language version; its id. */
async function insertArticle(
  tx: Queryable,
  { pairId, fields, state, publishedAt, at, by }: NewVersion,
): Promise<number> {
  const row = await tx.get<{ id: number }>(
    `INSERT INTO articles (pair_id, locale, ${FIELD_COLUMNS.join(', ')}, state, published_at, created_at, updated_at, updated_by)
     VALUES (?, ?, ${FIELD_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?, ?, ?) RETURNING id`,
    pairId,
    fields.locale,
    ...fieldValues(fields),
    state,
    publishedAt,
    at,
    at,
    by,
  );
  return row!.id;
}

/** A unique-constraint failure on either engine: the slug (or the pair's language) is taken. */
function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(message ?? '');
}

const slugTaken = (fields: ArticleFields): SaveResult => ({
  ok: false,
  field: 'slug',
  reason: `Another ${fields.locale === 'es' ? 'Spanish' : 'English'} article already uses the slug "${fields.slug}".`,
});

/** An article moved to a state by `by` at `now` (a scheduled one with its minute), and the note its revision keeps. */
interface StateChange {
  id: number;
  by: string;
  now: Date;
  state: keyof typeof stateActions;
  note: string;
  publishAt: string | null;
}

export function createArticleStore(db: Database): ArticleStore {
  const get = async (tx: Queryable, id: number) => {
    const row = await tx.get<ArticleRow>(`SELECT ${COLUMNS} FROM articles WHERE id = ?`, id);
    return row && toArticle(row);
  };

  /** Moves an article to a state; a revision records who did it and when. */
  const changeState = async ({ id, by, now, state, note, publishAt }: StateChange) =>
    db.transaction(async (tx) => {
      const article = await get(tx, id);
      if (!article) return false;
      const at = now.toISOString();
      await tx.run(
        `UPDATE articles SET state = ?, publish_at = ?, published_at = CASE WHEN ? = 'published' THEN coalesce(published_at, ?) ELSE published_at END,
           updated_at = ?, updated_by = ? WHERE id = ?`,
        state,
        publishAt,
        state,
        at,
        at,
        by,
        id,
      );
      await addRevision(tx, { articleId: id, fields: article, savedBy: by, savedAt: at, note });
      await bumpVersion(tx);
      const detail = `${article.title} (${article.locale})${state === 'scheduled' ? `, ${note}` : ''}`;
      await recordAudit(tx, { actor: by, action: stateActions[state], object: `article ${id}`, detail }, now);
      return true;
    });

  /** Writes fields onto the live article, keeping a published slug's old URL, and its revision. */
  const writeLive = async (
    tx: Queryable,
    before: Article,
    fields: ArticleFields,
    by: string,
    at: string,
    note: string,
  ) => {
    await tx.run(
      `UPDATE articles SET ${FIELD_COLUMNS.map((column) => `${column} = ?`).join(', ')}, pending = NULL, pending_at = NULL,
         read_time = NULL, updated_at = ?, updated_by = ?
       WHERE id = ?`,
      ...fieldValues(fields),
      at,
      by,
      before.id,
    );
    // The old URL of an article visitors could have seen keeps working (301), and a slug taken back
    // is no redirect any more.
    if (before.slug !== fields.slug && before.publishedAt !== null)
      await tx.run(
        `INSERT INTO article_redirects (locale, slug, article_id) VALUES (?, ?, ?)
         ON CONFLICT (locale, slug) DO UPDATE SET article_id = excluded.article_id`,
        before.locale,
        before.slug,
        before.id,
      );
    await tx.run('DELETE FROM article_redirects WHERE locale = ? AND slug = ?', fields.locale, fields.slug);
    await addRevision(tx, { articleId: before.id, fields, savedBy: by, savedAt: at, note });
    await bumpVersion(tx);
  };

  /** A slug another article of the language already uses: checked before a pending edit is kept. */
  const slugUsed = async (tx: Queryable, id: number, fields: ArticleFields) =>
    (await tx.get(
      'SELECT id FROM articles WHERE locale = ? AND slug = ? AND id <> ?',
      fields.locale,
      fields.slug,
      id,
    )) !== undefined;

  const update: ArticleStore['update'] = async (id, fields, { by, now = new Date(), note = '' }) => {
    try {
      return await db.transaction(async (tx) => {
        const before = await get(tx, id);
        if (!before) return { ok: false, field: 'pair', reason: 'There is no such article.' } as const;
        if (before.locale !== fields.locale)
          return { ok: false, field: 'locale', reason: 'An article keeps its language: write a translation.' } as const;
        const at = now.toISOString();
        if (before.state !== 'published') {
          await writeLive(tx, before, fields, by, at, note);
          return { ok: true, id, pending: false } as const;
        }
        // A live article keeps what visitors see: the save is its pending edit, and nothing public changes.
        if (await slugUsed(tx, id, fields)) return slugTaken(fields);
        await tx.run(
          'UPDATE articles SET pending = ?, updated_at = ?, updated_by = ? WHERE id = ?',
          JSON.stringify(fieldsOf(fields)),
          at,
          by,
          id,
        );
        await addRevision(tx, { articleId: id, fields, savedBy: by, savedAt: at, note: note || PENDING_NOTE });
        return { ok: true, id, pending: true } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return slugTaken(fields);
      throw error;
    }
  };

  const publishChanges: ArticleStore['publishChanges'] = async (id, by, now = new Date()) => {
    try {
      return await db.transaction(async (tx) => {
        const before = await get(tx, id);
        if (!before?.pending || before.state !== 'published') return undefined;
        await writeLive(tx, before, before.pending, by, now.toISOString(), 'changes published');
        return { ok: true, id } as const;
      });
    } catch (error) {
      if (isUniqueViolation(error))
        return { ok: false, field: 'slug', reason: 'Another article already uses that slug.' };
      throw error;
    }
  };

  return {
    async seed(articles, now = new Date()) {
      return db.transaction(async (tx) => {
        const claimed = await tx.run(
          'INSERT INTO content_versions (name, version) VALUES (?, 1) ON CONFLICT (name) DO NOTHING',
          SEED_MARKER,
        );
        if (claimed === 0) return false;
        const at = now.toISOString();
        for (const article of articles) {
          // Noon UTC: the article's own date in the lab's clock and in the feeds' readers' days.
          const id = await insertArticle(tx, {
            pairId: article.pairId,
            fields: article,
            state: 'published',
            publishedAt: `${article.date}T12:00:00.000Z`,
            at,
            by: 'seed',
          });
          await addRevision(tx, { articleId: id, fields: article, savedBy: 'seed', savedAt: at, note: 'published' });
        }
        await bumpVersion(tx);
        return true;
      });
    },

    async page({ state, locale, search }, cursor, limit) {
      const where: string[] = [];
      const params: string[] = [];
      if (state) {
        where.push('a.state = ?');
        params.push(state);
      }
      if (locale) {
        where.push('a.locale = ?');
        params.push(locale);
      }
      if (search) {
        const like = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        where.push(
          "(lower(a.title) LIKE ? ESCAPE '\\' OR lower(a.slug) LIKE ? ESCAPE '\\' OR lower(a.author) LIKE ? ESCAPE '\\')",
        );
        params.push(like, like, like);
      }
      type Row = ArticleRow & { t_id: number | null; t_locale: Locale | null; t_state: ArticleState };
      const page = await keysetPage<Row>(db, {
        select: `SELECT ${COLUMNS.split(', ')
          .map((column) => `a.${column}`)
          .join(', ')}, t.id AS t_id, t.locale AS t_locale, t.state AS t_state
         FROM articles AS a LEFT JOIN articles AS t ON t.pair_id = a.pair_id AND t.id <> a.id`,
        where: where.join(' AND '),
        params,
        ...{ keyColumn: 'a.updated_at', idColumn: 'a.id', keyOf: (row) => row.updated_at, idOf: (row) => row.id },
        cursor,
        limit,
      });
      const { total } = (await db.get<{ total: number }>(
        `SELECT count(*) AS total FROM articles AS a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
        ...params,
      ))!;
      return {
        articles: page.rows.map((row) => ({
          ...toArticle(row),
          translation: row.t_id === null ? null : { id: row.t_id, locale: row.t_locale!, state: row.t_state },
        })),
        total: Number(total),
        next: page.next,
        previous: page.previous,
      };
    },

    get: (id) => get(db, id),

    async translationOf({ id, pairId }) {
      const row = await db.get<ArticleRow>(`SELECT ${COLUMNS} FROM articles WHERE pair_id = ? AND id <> ?`, pairId, id);
      return row && toArticle(row);
    },

    async create(fields, by, pairId, now = new Date()) {
      try {
        return await db.transaction(async (tx) => {
          if (pairId !== undefined) {
            const pair = await tx.all<{ locale: Locale }>('SELECT locale FROM articles WHERE pair_id = ?', pairId);
            if (pair.length === 0)
              return { ok: false, field: 'pair', reason: 'The article to translate does not exist.' } as const;
            if (pair.some((other) => other.locale === fields.locale))
              return {
                ok: false,
                field: 'locale',
                reason: 'That article already has a version in this language.',
              } as const;
          }
          const at = now.toISOString();
          // A new pair takes a number no pair has: the largest so far plus one (the unique pair and language
          // refuses a second instance's same number, which then tries again as a conflict).
          const pair =
            pairId ??
            (await tx.get<{ next: number }>('SELECT coalesce(max(pair_id), 0) + 1 AS next FROM articles'))!.next;
          const id = await insertArticle(tx, { pairId: pair, fields, state: 'draft', publishedAt: null, at, by });
          await addRevision(tx, { articleId: id, fields, savedBy: by, savedAt: at, note: 'created' });
          await bumpVersion(tx);
          return { ok: true, id } as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return slugTaken(fields);
        throw error;
      }
    },

    update,

    publishChanges,

    async remove(id) {
      return db.transaction(async (tx) => {
        const deleted = await tx.run("DELETE FROM articles WHERE id = ? AND state IN ('draft', 'unpublished')", id);
        if (deleted) await bumpVersion(tx);
        return deleted > 0;
      });
    },

    async discardChanges(id, by, now = new Date()) {
      return db.transaction(async (tx) => {
        const before = await get(tx, id);
        if (!before?.pending) return false;
        const at = now.toISOString();
        await tx.run(
          'UPDATE articles SET pending = NULL, pending_at = NULL, updated_at = ?, updated_by = ? WHERE id = ?',
          at,
          by,
          id,
        );
        await addRevision(tx, {
          articleId: id,
          fields: before,
          savedBy: by,
          savedAt: at,
          note: 'pending changes discarded',
        });
        return true;
      });
    },

    async scheduleChanges(id, at, by, now = new Date()) {
      const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
      return db.transaction(async (tx) => {
        const before = await get(tx, id);
        if (!before?.pending || before.state !== 'published') return false;
        const saved = now.toISOString();
        await tx.run(
          'UPDATE articles SET pending_at = ?, updated_at = ?, updated_by = ? WHERE id = ?',
          minute,
          saved,
          by,
          id,
        );
        await addRevision(tx, {
          articleId: id,
          fields: before.pending,
          savedBy: by,
          savedAt: saved,
          note: `changes scheduled for ${minute}`,
        });
        return true;
      });
    },

    publish: (id, by, now = new Date()) =>
      changeState({ id, by, now, state: 'published', note: 'published', publishAt: null }),

    schedule(id, at, by, now = new Date()) {
      const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
      return changeState({ id, by, now, state: 'scheduled', note: `scheduled for ${minute}`, publishAt: minute });
    },

    unpublish: (id, by, now = new Date()) =>
      changeState({ id, by, now, state: 'unpublished', note: 'unpublished', publishAt: null }),

    async publishDue(now = new Date(), problemOf = () => undefined) {
      return db.transaction(async (tx) => {
        const at = now.toISOString();
        const due = await tx.all<ArticleRow>(
          `SELECT ${COLUMNS} FROM articles WHERE state = 'scheduled' AND publish_at <= ?`,
          at,
        );
        let [published, moved] = [0, 0];
        for (const article of due.map(toArticle)) {
          const problem = problemOf(article);
          // Only the row as it was read: a second instance's step waits on this one's row lock (PostgreSQL) or
          // its write lock (SQLite), then finds it changed and changes nothing, so each goes live once; a save
          // made meanwhile waits for the next step, which checks it.
          const changed = await tx.run(
            `UPDATE articles SET state = ?, publish_at = ?, published_at = coalesce(published_at, ?),
               updated_at = ?, updated_by = ?
             WHERE id = ? AND state = 'scheduled' AND updated_at = ?`,
            problem === undefined ? 'published' : article.publishedAt === null ? 'draft' : 'unpublished',
            problem === undefined ? article.publishAt : null,
            problem === undefined ? article.publishAt : null,
            at,
            SCHEDULE_BY,
            article.id,
            article.updatedAt,
          );
          if (changed === 0) continue;
          moved += 1;
          if (problem === undefined) published += 1;
          if (problem === undefined)
            await recordAudit(
              tx,
              {
                actor: SCHEDULE_ACTOR,
                action: 'article.publish',
                object: `article ${article.id}`,
                detail: `${article.title} (${article.locale}), as scheduled`,
              },
              now,
            );
          const note = problem === undefined ? 'published' : `${NOT_PUBLISHED_NOTE} ${article.publishAt}: ${problem}`;
          await addRevision(tx, { articleId: article.id, fields: article, savedBy: SCHEDULE_BY, savedAt: at, note });
        }
        // A live article's pending edit that is due: made live as "Publish changes" does, or its schedule dropped.
        const dueChanges = await tx.all<ArticleRow>(
          `SELECT ${COLUMNS} FROM articles WHERE state = 'published' AND pending IS NOT NULL AND pending_at <= ?`,
          at,
        );
        for (const article of dueChanges.map(toArticle)) {
          const problem = problemOf({ ...article, ...article.pending! });
          if (problem === undefined && !(await slugUsed(tx, article.id, article.pending!))) {
            await writeLive(tx, article, article.pending!, SCHEDULE_BY, at, 'changes published');
            published += 1;
            continue;
          }
          await tx.run(
            'UPDATE articles SET pending_at = NULL, updated_at = ?, updated_by = ? WHERE id = ?',
            at,
            SCHEDULE_BY,
            article.id,
          );
          const note = `${NOT_PUBLISHED_NOTE} ${article.pendingAt}: ${problem ?? 'the slug is taken'}`;
          await addRevision(tx, {
            articleId: article.id,
            fields: article.pending!,
            savedBy: SCHEDULE_BY,
            savedAt: at,
            note,
          });
        }
        if (moved) await bumpVersion(tx);
        return published;
      });
    },

    async revisions(articleId) {
      const rows = await db.all<{
        id: number;
        article_id: number;
        saved_at: string;
        saved_by: string;
        note: string;
        fields: string;
      }>(
        'SELECT id, article_id, saved_at, saved_by, note, fields FROM article_revisions WHERE article_id = ? ORDER BY id DESC',
        articleId,
      );
      return rows.map((row, index) => ({
        id: row.id,
        number: rows.length - index,
        articleId: row.article_id,
        savedAt: row.saved_at,
        savedBy: row.saved_by,
        note: row.note,
        fields: fieldsFromJson(row.fields),
      }));
    },

    async restore(articleId, revisionId, by, now = new Date()) {
      const row = await db.get<{ fields: string; number: number }>(
        `SELECT fields, (SELECT count(*) FROM article_revisions AS earlier WHERE earlier.article_id = r.article_id AND earlier.id <= r.id) AS number
         FROM article_revisions AS r WHERE id = ? AND article_id = ?`,
        revisionId,
        articleId,
      );
      if (!row) return undefined;
      return update(articleId, fieldsFromJson(row.fields), {
        by,
        now,
        note: `restored revision ${Number(row.number)}`,
      });
    },

    async published(locale) {
      const rows = await db.all<ArticleRow>(
        `SELECT ${COLUMNS} FROM articles WHERE state = 'published' AND locale = ? ORDER BY date DESC, pair_id ASC`,
        locale,
      );
      return rows.map(toArticle);
    },

    async keepReadTimes(counted) {
      await db.transaction(async (tx) => {
        for (const { id, updatedAt, readTime } of counted)
          await tx.run(
            'UPDATE articles SET read_time = ? WHERE id = ? AND updated_at = ? AND read_time IS NULL',
            readTime,
            id,
            updatedAt,
          );
      });
    },

    async redirects(locale) {
      const rows = await db.all<ArticleRow & { old_slug: string }>(
        `SELECT r.slug AS old_slug, ${COLUMNS.split(', ')
          .map((column) => `a.${column}`)
          .join(', ')} FROM article_redirects AS r JOIN articles AS a ON a.id = r.article_id
         WHERE r.locale = ? AND a.state = 'published'`,
        locale,
      );
      return new Map(rows.map((row) => [row.old_slug, toArticle(row)]));
    },

    async version() {
      const row = await db.get<{ version: number }>("SELECT version FROM content_versions WHERE name = 'articles'");
      return Number(row?.version ?? 0);
    },
  };
}

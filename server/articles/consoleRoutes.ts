import type { Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { uploadedImage } from '../../shared/lib/assetNames';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import type { ConsoleSection, ConsoleSectionTools } from '../console/console';
import { cursorHrefs } from '../console/kit/CursorPagination';
import { fromLabTime, toLabTime } from '../console/kit/format';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import { cursorOf } from '../db/keyset';
import { readBody } from '../http/formEndpoint';
import { readPostedForm } from '../http/postedForm';
import { allowOwnScripts } from '../http/security';
import type { ArticleAuthor } from './authors';
import { withAuthorName } from './authors';
import type { Autosaves } from './autosaves';
import { autosaveForm } from './autosaves';
import { conflictOf } from './conflicts';
import type { ArticleFields, TypedFields } from './fields';
import { checkFields, fieldLabels, typedFields, typedOf } from './fields';
import { goLiveProblem } from './goLive';
import { imageLibraryRoutes } from './imageLibraryRoutes';
import type { ArticleImages } from './images';
import { renderArticle } from './markdown';
import { drawShareImage } from './shareImage';
import type { SitePathExists } from './sitePaths';
import { linksLeadingNowhere, missingLinks } from './sitePaths';
import type { Article, ArticleFilter, ArticleState, ArticleStore } from './store';
import { articleStates, SCHEDULE_BY } from './store';
import { articleCopy, articleNav } from './texts';
import { uploadedImagesOf } from './uploadedImages';
import { ArticleEditorPage } from './views/ArticleEditorPage';
import { ArticleListPage } from './views/ArticleListPage';
import { RevisionsPage } from './views/RevisionsPage';

/** A body is at most 100,000 characters; a form percent-encodes each byte of a non-ASCII one as three. */
const ARTICLE_POST_LIMIT_BYTES = 1024 * 1024;
/** The form's file input: a cover chosen from the writer's computer. */
const COVER_FILE = 'coverFile';
/** Articles a page of the console's list shows (decision 091). */
const LIST_PAGE = 50;

interface ArticleRoutesOptions {
  store: ArticleStore;
  /** The project's root, where public/ holds the images a body may show. */
  rootDir: string;
  /** Answers the staff-only preview of an article, rendered as the site's own page. */
  preview: (req: Request, res: Response, article: Article) => Promise<void>;
  /** Told after each change: this instance shows it at once (the others within a second, decision 052). */
  changed: () => Promise<unknown>;
  images: ArticleImages;
  /** The editor page's script, from the build. */
  editorScript: () => string | undefined;
  /** What writers typed and did not save yet. */
  autosaves: Autosaves;
  /** The staff who can be named an article's author. */
  authors: () => Promise<ArticleAuthor[]>;
  /** Whether a site path leads somewhere: a body's links to one that does not are flagged before going live. */
  pathExists: SitePathExists;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const idOf = (value: unknown): number | null => (/^\d{1,15}$/.test(text(value)) ? Number(value) : null);

function listFilter(query: Request['query']): ArticleFilter {
  const state = text(query.state);
  const locale = text(query.language);
  return {
    state: (articleStates as readonly string[]).includes(state) ? (state as ArticleState) : '',
    locale: (locales as readonly string[]).includes(locale) ? (locale as Locale) : '',
    search: text(query.q).trim().slice(0, 200),
  };
}

/** The list's filter as query parameters (none when all is shown), for its pages' links. */
function filterParams({ state, locale, search }: ArticleFilter): Record<string, string> {
  return { ...(search ? { q: search } : {}), ...(state ? { state } : {}), ...(locale ? { language: locale } : {}) };
}

/** A new article's form: today's date, the first category, or the facts of the article it translates. */
function blankFields(translating?: Article): TypedFields {
  const today = new Date().toISOString().slice(0, 10);
  if (translating)
    return {
      ...typedOf(translating),
      locale: locales.find((locale) => locale !== translating.locale)!,
      slug: '',
      title: '',
      excerpt: '',
      // What the cover shows, and what search results say, in the translation's own language.
      imageAlt: '',
      body: '',
      seoTitle: '',
      seoDescription: '',
    };
  return {
    locale: 'en',
    slug: '',
    title: '',
    excerpt: '',
    category: 'research',
    author: '',
    authorId: '',
    date: today,
    featured: '',
    image: '',
    imageAlt: '',
    body: '',
    seoTitle: '',
    seoDescription: '',
  };
}

/** The console's articles: the list, the editor, publishing, revisions and the preview (decision 052). */
function articleRoutes({
  store,
  rootDir,
  preview,
  changed,
  images,
  editorScript,
  autosaves,
  authors,
  pathExists,
}: ArticleRoutesOptions) {
  return ({
    assets,
    guardPost: guardPostOf,
    guardUpload,
    csrfMatches,
    renderNotFound,
    staffNames,
  }: ConsoleSectionTools): Router => {
    const router = Router();
    const guardPost = guardPostOf(ARTICLE_POST_LIMIT_BYTES);
    // Read whole up to the console's upload bound, well over IMAGE_MAX_BYTES: a file a little too large is refused in
    // the editor with everything typed (a larger one gets the console's notice page).
    const guardForm = guardUpload();
    const by = (res: Response) => consoleUser(res).email;

    /** The article the URL names, or the console's not-found page. */
    const articleOf = async (req: Request, res: Response) => {
      const id = idOf(req.params.id);
      const article = id === null ? undefined : await store.get(id);
      if (!article) renderNotFound(res, articleCopy.notFound);
      return article;
    };

    const showEditor = async (
      res: Response,
      status: number,
      article: Article | undefined,
      extra: Partial<Parameters<typeof ArticleEditorPage>[0]> = {},
    ) => {
      // A published article's pending edit is what the writer goes on with; what they typed and did not save,
      // kept as they typed, comes back in its place, said so.
      const kept =
        extra.typed || extra.translating ? undefined : await autosaves.get(autosaveForm(article?.id), by(res));
      const restored = kept && (!article || kept.savedAt > article.updatedAt) ? kept : undefined;
      const staff = await authors();
      const typed =
        extra.typed ??
        restored?.typed ??
        (article ? typedOf(article.pending ?? article) : newArticleFields(res, staff, extra.translating));
      const cover = uploadedImage(typed.image);
      const locale = typed.locale === 'es' ? 'es' : 'en';
      const rendered = typed.body.trim() ? renderArticle(typed.body, locale, rootDir) : null;
      // The editor alone runs a script, the site's own file: it saves as the writer types and shows the cover.
      allowOwnScripts(res);
      sendPage(
        res,
        status,
        createElement(ArticleEditorPage, {
          assets: assets(),
          user: consoleUser(res),
          article,
          typed,
          readTime: rendered?.ok ? rendered.readTime : undefined,
          missingLinks: rendered?.ok
            ? linksLeadingNowhere(rendered.html, { slug: typed.slug, locale }, pathExists)
            : [],
          authors: staff,
          coverState: cover && (await images.state(cover.hash)),
          library: await images.library(),
          script: editorScript(),
          baseRevision: article && (await store.revisions(article.id))[0]?.id,
          restoredAt: restored?.savedAt,
          translation: article && (await store.translationOf(article)),
          scheduleValue: toLabTime(
            article?.publishAt ? new Date(article.publishAt) : new Date(Date.now() + 60 * 60_000),
          ),
          ...extra,
        }),
      );
    };

    /** A new article's form: the signed-in person its author when they have a display name, else a guest. */
    const newArticleFields = (res: Response, staff: ArticleAuthor[], translating?: Article): TypedFields => {
      const blank = blankFields(translating);
      if (translating) return blank;
      const me = staff.find((author) => author.active && author.email.toLowerCase() === by(res).toLowerCase());
      return me ? { ...blank, authorId: String(me.id), author: me.name } : blank;
    };

    /**
     * Before an article goes live with links to site paths that lead nowhere: the editor lists them and asks
     * (decision 075). True when it asked; a post that says "go ahead" (`confirmLinks`) goes live as it is.
     */
    const askedAboutLinks = async (
      req: Request,
      res: Response,
      article: Article,
      fields: ArticleFields,
      action: 'publish' | 'schedule' | 'publish-changes',
    ) => {
      const body = readBody(req, res);
      const form = textFields(body.ok ? body.fields : undefined);
      if (form.confirmLinks === 'yes') return false;
      const links = missingLinks(fields, rootDir, pathExists);
      if (links.length === 0) return false;
      await showEditor(res, 409, article, {
        linkCheck: { action, links, publishAt: form.publishAt },
      });
      return true;
    };

    /** Why the schedule's step took the article off instead of publishing it, until someone changes it. */
    const notPublished = async (article: Article) => {
      if (article.updatedBy !== SCHEDULE_BY || article.state === 'published') return undefined;
      const [newest] = await store.revisions(article.id);
      return newest && articleCopy.notPublished(newest.note);
    };

    /** An uploaded image the article shows that is not made yet (or failed): it cannot go live before it is. */
    const imagesNotReady = async (fields: ArticleFields) => {
      for (const { hash, field } of uploadedImagesOf(fields)) {
        const state = await images.state(hash);
        if (!state) return [field, articleCopy.noSuchImage] as [string, string];
        if (state?.status === 'processing') return [field, articleCopy.imageProcessing] as [string, string];
        if (state?.status === 'failed') return [field, state.reason] as [string, string];
      }
      return undefined;
    };

    /** Shows the editor saying why the article cannot go live, when it cannot; true when it was refused. */
    const refusedToGoLive = async (res: Response, article: Article, fields: ArticleFields = article) => {
      const problem = goLiveProblem(fields, rootDir) ?? (await imagesNotReady(fields));
      if (problem)
        await showEditor(res, 400, article, {
          notice: { tone: 'error', text: articleCopy.publishInvalid(...problem) },
        });
      return problem !== undefined;
    };

    /**
     * The article's form as posted, its cover file (if one was chosen) taken and named in the image field, or
     * undefined when its CSRF token is not the session's (answered here).
     */
    const postedArticle = async (req: Request, res: Response) => {
      const posted = await readPostedForm(req, COVER_FILE);
      if (!csrfMatches(res, posted.fields.csrf)) {
        res.status(403).type('text').send('This form has expired or did not come from the console. Reload the page.');
        return undefined;
      }
      if (!posted.file) return { form: posted.fields };
      const uploaded = await images.upload(posted.file, by(res));
      if (!uploaded.ok) return { form: posted.fields, refused: `${fieldLabels.image}: ${uploaded.reason}` };
      return { form: { ...posted.fields, image: uploaded.path } };
    };

    /**
     * The form's fields checked, the body rendered by the public page's rules; problems name their field. A cover
     * file that was refused is a problem of the image field, and every field stays as typed.
     */
    const checkForm = async (
      { form, refused }: { form: Record<string, string>; refused?: string },
      article?: Article,
    ) => {
      const named = withAuthorName(typedFields(form), await authors(), article ? typedOf(article).authorId : '');
      const checked = checkFields(named.typed);
      // A refused cover file, or an author no one offered: problems of their fields, every field as typed.
      const refusals = { ...(named.error ? { authorId: named.error } : {}), ...(refused ? { image: refused } : {}) };
      if (Object.keys(refusals).length)
        return {
          ok: false,
          errors: { ...(checked.ok ? {} : checked.errors), ...refusals },
          typed: typedFields(form),
          form,
        } as const;
      if (checked.ok) {
        const rendered = renderArticle(checked.fields.body, checked.fields.locale, rootDir);
        if (!rendered.ok)
          return {
            ok: false,
            errors: { body: `${fieldLabels.body}: ${rendered.error}.` },
            typed: typedFields(form),
            form,
          } as const;
      }
      return { ...checked, form } as const;
    };

    router.get('/staff/articles', async (req, res) => {
      const filter = listFilter(req.query);
      const page = await store.page(filter, cursorOf(req.query), LIST_PAGE);
      sendPage(
        res,
        200,
        createElement(ArticleListPage, {
          assets: assets(),
          user: consoleUser(res),
          filter,
          articles: page.articles,
          total: page.total,
          pages: cursorHrefs('/staff/articles', filterParams(filter), page),
          nameOf: await staffNames(),
          notice: req.query.saved === 'deleted' ? articleCopy.deleted : undefined,
        }),
      );
    });

    router.get('/staff/articles/new', async (req, res) => {
      const translateId = idOf(req.query.translate);
      const translating = translateId === null ? undefined : await store.get(translateId);
      await showEditor(res, 200, undefined, translating ? { translating } : {});
    });

    imageLibraryRoutes(router, { images, assets, guardPost });

    // What the editor's script sends as the writer types and as they leave the page: kept for them alone, until
    // they save (decision 075). Never the article: nothing public, no revision.
    const keepTyped = (articleId?: number) => async (req: Request, res: Response) => {
      const posted = await readPostedForm(req, COVER_FILE);
      if (!csrfMatches(res, posted.fields.csrf)) return res.status(403).json({ error: 'expired' });
      await autosaves.keep(autosaveForm(articleId), by(res), typedFields(posted.fields));
      res.status(204).end();
    };
    router.post('/staff/articles/autosave', ...guardForm, keepTyped());
    router.post('/staff/articles/:id/autosave', ...guardForm, async (req, res) => {
      const article = await articleOf(req, res);
      if (article) await keepTyped(article.id)(req, res);
    });
    // The kept text dropped: the editor shows the article as saved.
    router.post('/staff/articles/:id/autosave/discard', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      await autosaves.drop(autosaveForm(article.id), by(res));
      res.redirect(303, `/staff/articles/${article.id}`);
    });

    router.post('/staff/articles', ...guardForm, async (req, res) => {
      const posted = await postedArticle(req, res);
      if (!posted) return;
      const checked = await checkForm(posted);
      const pairOf = idOf(checked.form.translationOf);
      const translating = pairOf === null ? undefined : await store.get(pairOf);
      if (!checked.ok) {
        await showEditor(res, 400, undefined, { typed: checked.typed, errors: checked.errors, translating });
        return;
      }
      const result = await store.create(checked.fields, by(res), translating?.pairId);
      if (result.ok) await Promise.all([changed(), autosaves.drop(autosaveForm(), by(res))]);
      if (result.ok) res.redirect(303, `/staff/articles/${result.id}?saved=created`);
      else
        await showEditor(res, 400, undefined, {
          typed: typedFields(checked.form),
          errors: { [result.field === 'pair' ? 'locale' : result.field]: result.reason },
          translating,
        });
    });

    router.get('/staff/articles/:id', async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      const done = noticeNamed(articleCopy.saved, req.query.saved);
      const held = await notPublished(article);
      const notice = done ? { tone: 'success' as const, text: done } : held && { tone: 'error' as const, text: held };
      await showEditor(res, 200, article, notice ? { notice } : {});
    });

    router.post('/staff/articles/:id', ...guardForm, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      const posted = await postedArticle(req, res);
      if (!posted) return;
      const checked = await checkForm(posted, article);
      if (!checked.ok) {
        await showEditor(res, 400, article, { typed: checked.typed, errors: checked.errors });
        return;
      }
      // Someone else saved since this form was opened: neither text is lost, the writer chooses.
      const conflict = await conflictOf(store, article, posted.form.baseRevision, by(res));
      if (conflict) {
        await showEditor(res, 409, article, { typed: typedFields(checked.form), conflict });
        return;
      }
      const result = await store.update(article.id, checked.fields, { by: by(res) });
      if (result.ok) await Promise.all([changed(), autosaves.drop(autosaveForm(article.id), by(res))]);
      if (result.ok)
        res.redirect(
          303,
          `/staff/articles/${article.id}?saved=${'pending' in result && result.pending ? 'pending' : 'saved'}`,
        );
      else
        await showEditor(res, 400, article, {
          typed: typedFields(checked.form),
          errors: { [result.field === 'pair' ? 'locale' : result.field]: result.reason },
        });
    });

    router.post('/staff/articles/:id/publish', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      if (await refusedToGoLive(res, article)) return;
      if (await askedAboutLinks(req, res, article, article, 'publish')) return;
      await store.publish(article.id, by(res));
      await changed();
      res.redirect(303, `/staff/articles/${article.id}?saved=published`);
    });

    router.post('/staff/articles/:id/schedule', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      const body = readBody(req, res);
      const at = fromLabTime(textFields(body.ok ? body.fields : undefined).publishAt ?? '');
      if (!at || at.getTime() < Date.now() - 60_000) {
        await showEditor(res, 400, article, { notice: { tone: 'error', text: articleCopy.scheduleInvalid } });
        return;
      }
      // A live article's schedule is its pending edit's: without one there is nothing to schedule.
      if (article.state === 'published' && !article.pending) {
        await showEditor(res, 400, article, { notice: { tone: 'error', text: articleCopy.nothingToSchedule } });
        return;
      }
      // The schedule publishes what is saved as it is: it must pass the checks "Publish now" runs.
      if (await refusedToGoLive(res, article, article.pending ?? article)) return;
      if (await askedAboutLinks(req, res, article, article.pending ?? article, 'schedule')) return;
      if (article.pending) await store.scheduleChanges(article.id, at, by(res));
      else await store.schedule(article.id, at, by(res));
      await changed();
      res.redirect(303, `/staff/articles/${article.id}?saved=scheduled`);
    });

    router.post('/staff/articles/:id/publish-changes', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      if (!article.pending) return res.redirect(303, `/staff/articles/${article.id}`);
      if (await refusedToGoLive(res, article, article.pending)) return;
      if (await askedAboutLinks(req, res, article, article.pending, 'publish-changes')) return;
      const result = await store.publishChanges(article.id, by(res));
      if (result?.ok) await changed();
      if (result && !result.ok) await showEditor(res, 409, article, { notice: { tone: 'error', text: result.reason } });
      else res.redirect(303, `/staff/articles/${article.id}?saved=changesPublished`);
    });

    router.post('/staff/articles/:id/discard-changes', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      await store.discardChanges(article.id, by(res));
      res.redirect(303, `/staff/articles/${article.id}?saved=discarded`);
    });

    // A draft (or an article taken off the site) deleted with its revisions; a live or scheduled one is unpublished first.
    router.post('/staff/articles/:id/delete', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      if (!(await store.remove(article.id))) {
        await showEditor(res, 409, article, { notice: { tone: 'error', text: articleCopy.deleteLive } });
        return;
      }
      await Promise.all([changed(), autosaves.drop(autosaveForm(article.id), by(res))]);
      res.redirect(303, '/staff/articles?saved=deleted');
    });

    router.post('/staff/articles/:id/unpublish', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      await store.unpublish(article.id, by(res));
      await changed();
      res.redirect(303, `/staff/articles/${article.id}?saved=unpublished`);
    });

    // The social card as it will be shared, from the saved (or pending) title and cover: the editor's preview.
    router.get('/staff/articles/:id/card', async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      const { title, image } = article.pending ?? article;
      res.type('image/jpeg').send(await drawShareImage({ title, image }, rootDir, images));
    });

    router.get('/staff/articles/:id/preview', async (req, res) => {
      const article = await articleOf(req, res);
      if (article) await preview(req, res, article);
    });

    router.get('/staff/articles/:id/revisions', async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      const revisions = await store.revisions(article.id);
      const [from, to] = [idOf(req.query.from), idOf(req.query.to)].map((id) =>
        revisions.find((revision) => revision.id === id),
      );
      // Older first, whichever way round they were picked.
      const compared = from && to ? ([from, to].sort((a, b) => a.id - b.id) as [typeof from, typeof to]) : undefined;
      const notice = noticeNamed(articleCopy.saved, req.query.saved);
      sendPage(
        res,
        200,
        createElement(RevisionsPage, {
          assets: assets(),
          user: consoleUser(res),
          article,
          revisions,
          compared,
          notice,
          nameOf: await staffNames(),
        }),
      );
    });

    router.post('/staff/articles/:id/revisions/:revision/restore', ...guardPost, async (req, res) => {
      const article = await articleOf(req, res);
      if (!article) return;
      const revision = idOf(req.params.revision);
      // A revision written back onto a scheduled article goes live with it: checked as a publish is. One written
      // back onto a published article is its pending edit, checked when it is published.
      const live = article.state === 'scheduled';
      const restoring =
        live && revision !== null
          ? (await store.revisions(article.id)).find((saved) => saved.id === revision)
          : undefined;
      const problem = restoring && goLiveProblem(restoring.fields, rootDir);
      if (problem) {
        const text = articleCopy.restoreInvalid(restoring.number, ...problem);
        await showEditor(res, 400, article, { notice: { tone: 'error', text } });
        return;
      }
      const result = revision === null ? undefined : await store.restore(article.id, revision, by(res));
      if (result?.ok) await changed();
      if (!result) renderNotFound(res, articleCopy.revisionNotFound);
      else if (result.ok)
        res.redirect(
          303,
          `/staff/articles/${article.id}/revisions?saved=${'pending' in result && result.pending ? 'restoredPending' : 'restored'}`,
        );
      else await showEditor(res, 409, article, { notice: { tone: 'error', text: result.reason } });
    });

    return router;
  };
}

/** The console's articles section. */
export const articleSection = (options: ArticleRoutesOptions): ConsoleSection => ({
  nav: articleNav,
  roles: ['owner', 'editor'],
  routes: articleRoutes(options),
});

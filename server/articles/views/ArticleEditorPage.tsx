import { locales } from '../../../shared/lib/locale';
import { articleHead } from '../../../shared/model/articles';
import type { ConsoleAssets, ConsoleUser } from '../../console/kit/ConsoleDocument';
import { ConsoleDocument, ConsoleHeading, CsrfField, Notice } from '../../console/kit/ConsoleDocument';
import { LabelledField } from '../../console/kit/LabelledField';
import { LabTime } from '../../console/kit/LabTime';
import { languageNames } from '../../lib/languageNames';
import { catalogues } from '../../pages/catalogues';
import type { ArticleAuthor } from '../authors';
import { authorChoices } from '../authors';
import type { Conflict } from '../conflicts';
import type { ArticleFieldName, TypedFields } from '../fields';
import { COMPARED_FIELDS, fieldLabels, LIMITS, postCategories } from '../fields';
import type { ImageState, LibraryImage } from '../images';
import { IMAGE_MAX_BYTES } from '../images';
import { toBlogPost } from '../publicPost';
import type { Article } from '../store';
import { articleCopy } from '../texts';
import { stateUrlOf, thumbnailOf } from '../uploadedImages';
import { Field } from './ArticleField';
import { ImageSnippet } from './ImageSnippet';
import { LinkCheck, MissingLinks } from './LinkWarnings';
import { SeoFields } from './SeoFields';
import { StateBadge } from './StateBadge';

interface ArticleEditorPageProps {
  assets: ConsoleAssets;
  user: ConsoleUser;
  /** The article being edited; undefined for a new one. */
  article?: Article;
  /** A new translation's other version: the form posts it as the pair. */
  translating?: Article;
  /** What the form shows: the article's fields, or what was typed. */
  typed: TypedFields;
  errors?: Partial<Record<ArticleFieldName, string>>;
  notice?: { tone: 'success' | 'error'; text: string };
  /** The body's read time, as the page will show it. */
  readTime?: string;
  translation?: Article;
  /** The schedule field's value, in the lab's clock. */
  scheduleValue: string;
  /** The cover's state when it is an upload (decision 075): processing, ready or failed. */
  coverState?: ImageState;
  /** The uploaded images a body may place. */
  library: LibraryImage[];
  /** The editor's script (autosave, the cover's thumbnail), from the build. */
  script?: string;
  /** The newest revision when the form was shown: a save after someone else's is told (decision 075). */
  baseRevision?: number;
  /** When the text in the form was kept as the writer typed it, not saved: it is shown in the article's place. */
  restoredAt?: string;
  /** Someone else's save since this form was opened: their text beside the writer's. */
  conflict?: Conflict;
  /** The staff who can be named its author. */
  authors: readonly ArticleAuthor[];
  /** Site paths the body links to that lead nowhere: said before it goes live. */
  missingLinks: readonly string[];
  /** A publish held to ask about those links: what it was, and its schedule's time. */
  linkCheck?: { action: 'publish' | 'schedule' | 'publish-changes'; links: readonly string[]; publishAt?: string };
}

const categoryNames = catalogues.en.posts.categories;

function Actions({ article, user, scheduleValue }: { article: Article; user: ConsoleUser; scheduleValue: string }) {
  const action = (verb: string) => `/staff/articles/${article.id}/${verb}`;
  return (
    <section className="staff-panel card staff-articles__publishing" aria-labelledby="publishing-title">
      <h2 id="publishing-title">Publishing</h2>
      <p>
        Now: <StateBadge article={article} />
      </p>
      {article.publishedAt && (
        <p className="staff-muted">
          First published <LabTime iso={article.publishedAt} />
        </p>
      )}
      <p>
        <a className="staff-link" href={action('preview')}>
          {article.pending ? 'Preview the pending changes' : 'Preview as visitors will see it'}
        </a>
      </p>
      {article.pending && (
        <div className="staff-articles__pending">
          <p>
            <strong>Pending changes:</strong> saved, not live. Visitors see the live version until you publish them.
          </p>
          {article.pendingAt && (
            <p className="staff-muted">
              Scheduled to go live <LabTime iso={article.pendingAt} />
            </p>
          )}
          <form className="staff-form" method="post" action={action('publish-changes')}>
            <CsrfField user={user} />
            <button className="button button--primary" type="submit">
              Publish changes
            </button>
          </form>
          <form className="staff-form" method="post" action={action('discard-changes')}>
            <CsrfField user={user} />
            <button className="button button--secondary" type="submit">
              Discard changes
            </button>
          </form>
        </div>
      )}
      {article.state !== 'published' && (
        <form className="staff-form" method="post" action={action('publish')}>
          <CsrfField user={user} />
          <button className="button button--primary" type="submit">
            Publish now
          </button>
        </form>
      )}
      {(article.state !== 'published' || article.pending) && (
        <form className="staff-form" method="post" action={action('schedule')}>
          <CsrfField user={user} />
          <LabelledField id="publish-at" label="Publish at (New York time)">
            <input
              className="contact-field__control"
              id="publish-at"
              name="publishAt"
              type="datetime-local"
              required
              defaultValue={scheduleValue}
            />
          </LabelledField>
          <button className="button button--secondary" type="submit">
            {article.pending ? 'Schedule the changes' : 'Schedule'}
          </button>
        </form>
      )}
      {(article.state === 'published' || article.state === 'scheduled') && (
        <form className="staff-form" method="post" action={action('unpublish')}>
          <CsrfField user={user} />
          <button className="button button--secondary" type="submit">
            {article.state === 'published' ? 'Unpublish' : 'Cancel the schedule'}
          </button>
        </form>
      )}
      {(article.state === 'draft' || article.state === 'unpublished') && (
        <form className="staff-form" method="post" action={action('delete')}>
          <CsrfField user={user} />
          <button className="button button--secondary" type="submit">
            Delete this {article.state === 'draft' ? 'draft' : 'article'}
          </button>
        </form>
      )}
      <SharePreview article={article} card={action('card')} />
      <p>
        <a className="staff-link" href={action('revisions')}>
          Revisions
        </a>
      </p>
    </section>
  );
}

/** A link to the article as social networks and chat apps show it: its card, its title and its description. */
function SharePreview({ article, card }: { article: Article; card: string }) {
  const shown = { ...article, ...article.pending };
  const head = articleHead(toBlogPost(shown, ''), catalogues[shown.locale].posts.categories);
  return (
    <figure className="staff-articles__card" aria-labelledby="share-preview-title">
      <figcaption id="share-preview-title" className="staff-panel__subtitle">
        {articleCopy.sharePreview}
      </figcaption>
      <div className="staff-articles__share">
        <img src={card} alt={`The social card: “${shown.title}” on its cover`} width={300} height={158} />
        <p className="staff-articles__share-title">{head.title}</p>
        <p className="staff-muted staff-articles__share-text">{head.description}</p>
      </div>
    </figure>
  );
}

/** The author: a member of staff by their display name, or a guest whose name is typed. */
function AuthorFields({
  typed,
  errors,
  authors,
}: {
  typed: TypedFields;
  errors: Partial<Record<ArticleFieldName, string>>;
  authors: readonly ArticleAuthor[];
}) {
  const guest = typed.authorId === '';
  return (
    <>
      <Field name="authorId" typed={typed} errors={errors} hint={articleCopy.staffHint}>
        {(control) => (
          <select
            {...control}
            className="contact-field__control contact-field__control--select"
            defaultValue={typed.authorId}
          >
            {authorChoices(authors, typed.authorId).map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
            <option value="">{articleCopy.guestAuthor}</option>
          </select>
        )}
      </Field>
      <Field name="author" typed={typed} errors={errors} hint={articleCopy.guestHint}>
        {(control) => (
          <input {...control} type="text" defaultValue={guest ? typed.author : ''} maxLength={LIMITS.author} />
        )}
      </Field>
    </>
  );
}

/** What a translation translates, beside its form: read only, to translate from. */
function Original({ original }: { original: Article }) {
  const shown = { ...original, ...original.pending };
  const read = (name: 'title' | 'excerpt' | 'body', rows: number) => (
    <LabelledField id={`original-${name}`} label={`Original: ${fieldLabels[name]}`}>
      <textarea
        className="contact-field__control contact-field__control--area"
        id={`original-${name}`}
        readOnly
        rows={rows}
        defaultValue={shown[name]}
      />
    </LabelledField>
  );
  return (
    <section
      className="staff-panel card staff-articles__original"
      aria-labelledby="original-heading"
      lang={shown.locale}
    >
      <h2 id="original-heading">{articleCopy.original(languageNames[shown.locale])}</h2>
      <p className="staff-muted staff-articles__hint">{articleCopy.originalHint}</p>
      {read('title', 2)}
      {read('excerpt', 3)}
      {read('body', 16)}
    </section>
  );
}

/** The cover as it is now: its thumbnail once made, "processing" while it is, or why it could not be. */
function CoverPreview({ path, state }: { path: string; state?: ImageState }) {
  const following = state?.status === 'processing' ? { 'data-state-url': stateUrlOf(path) } : {};
  return (
    <div className="staff-cover__preview" data-cover-preview {...following}>
      {state?.status === 'ready' && <img src={thumbnailOf(path)} alt="The cover as uploaded" width={200} />}
      {state?.status === 'processing' && (
        <p className="staff-muted" role="status">
          Processing: the photo is being made in every width the pages need. It shows here when it is ready.
        </p>
      )}
      {state?.status === 'failed' && <p className="contact-field__error">{state.reason}</p>}
    </div>
  );
}

/** Someone else saved since the form was opened: what they saved, field by field where it differs. */
function ConflictPanel({
  conflict,
  typed,
  discard,
  user,
}: {
  conflict: Conflict;
  typed: TypedFields;
  discard: string;
  user: ConsoleUser;
}) {
  const differing = COMPARED_FIELDS.filter((name) => conflict.theirs[name] !== typed[name]);
  return (
    <section
      className="staff-notice staff-notice--error staff-articles__conflict"
      role="alert"
      aria-labelledby="conflict-title"
    >
      <h2 id="conflict-title">
        {conflict.by} saved this article <LabTime iso={conflict.at} />, after you opened it
      </h2>
      <p>
        Nothing is lost: your text is in the form below, theirs is here. Save keeps yours (theirs stays in the
        revisions), or copy from theirs first.
      </p>
      {differing.map((name) => (
        <LabelledField key={name} id={`theirs-${name}`} label={`Their ${fieldLabels[name]}`}>
          <textarea
            className="contact-field__control contact-field__control--area"
            id={`theirs-${name}`}
            readOnly
            rows={name === 'body' ? 10 : 2}
            defaultValue={conflict.theirs[name]}
          />
        </LabelledField>
      ))}
      <KeepSaved action={discard} label="Take their version instead of mine" user={user} />
    </section>
  );
}

/** A form that drops the writer's kept text: the editor shows the article as saved. */
function KeepSaved({ action, label, user }: { action: string; label: string; user: ConsoleUser }) {
  return (
    <form className="staff-form" method="post" action={action}>
      <CsrfField user={user} />
      <button className="button button--secondary" type="submit">
        {label}
      </button>
    </form>
  );
}

/** The images a body may place, with their Markdown in the article's language. */
function Library({ library, locale }: { library: LibraryImage[]; locale: string }) {
  const ready = library.filter((image) => image.status === 'ready');
  return (
    <details className="staff-panel card staff-library__picker">
      <summary>Place an image in the body</summary>
      <p className="staff-muted">
        Copy an image’s Markdown into the body where it should show. Each language has its own alt text:{' '}
        <a href="/staff/articles/images">write them in the image library</a>.
      </p>
      {ready.length === 0 && <p>No image uploaded yet: choose a cover above, and it joins the library.</p>}
      <ul className="staff-library">
        {ready.map((image) => (
          <li key={image.hash} className="staff-library__item">
            <img className="staff-library__thumb" src={thumbnailOf(image.path)} alt="" width={120} />
            <ImageSnippet image={image} locale={locale === 'es' ? 'es' : 'en'} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The article's editor: every field in a plain form that works without script, and its publishing beside it. */
export function ArticleEditorPage(props: ArticleEditorPageProps) {
  const { assets, user, article, translating, typed, errors = {}, notice, readTime, translation } = props;
  const title = article ? `Edit: ${article.title}` : articleCopy.newTitle;
  const problems = Object.entries(errors) as [ArticleFieldName, string][];
  const other = article ? translation : translating;
  // The version written first is the original; its translation shows it beside the form.
  const original = other && (!article || other.id < article.id) ? other : undefined;
  return (
    <ConsoleDocument title={title} assets={assets} user={user} section="articles">
      <p className="staff-back">
        <a className="staff-link" href="/staff/articles">
          ← All articles
        </a>
      </p>
      <ConsoleHeading eyebrow={article ? `Article ${article.id}` : 'Blog'} title={title}>
        {other ? (
          <p className="staff-heading__meta">
            {article ? 'Translation' : 'Translates'}: <a href={`/staff/articles/${other.id}`}>{other.title}</a> (
            {languageNames[other.locale]})
          </p>
        ) : (
          article && (
            <p className="staff-heading__meta">
              No {languageNames[locales.find((locale) => locale !== article.locale)!]} version ·{' '}
              <a href={`/staff/articles/new?translate=${article.id}`}>Write it</a>
            </p>
          )
        )}
      </ConsoleHeading>
      {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
      {article && props.linkCheck && <LinkCheck article={article} user={user} {...props.linkCheck} />}
      {!props.linkCheck && props.missingLinks.length > 0 && <MissingLinks links={props.missingLinks} />}
      {props.restoredAt && (
        <div className="staff-notice staff-notice--success" role="status">
          <p>
            What you typed <LabTime iso={props.restoredAt} /> was kept and is in the form, not saved yet: Save keeps it.
          </p>
          {article && (
            <KeepSaved
              action={`/staff/articles/${article.id}/autosave/discard`}
              label="Show the saved version instead"
              user={user}
            />
          )}
        </div>
      )}
      {article && props.conflict && (
        <ConflictPanel
          conflict={props.conflict}
          typed={typed}
          discard={`/staff/articles/${article.id}/autosave/discard`}
          user={user}
        />
      )}
      {problems.length > 0 && (
        <div className="staff-notice staff-notice--error" role="alert">
          <p>{articleCopy.fixFields(problems.length)}</p>
          <ul>
            {problems.map(([name, message]) => (
              <li key={name}>
                <a href={`#article-${name}`}>{message}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="staff-detail">
        <div className="staff-detail__main">
          <form
            className="staff-form staff-panel card"
            method="post"
            action={article ? `/staff/articles/${article.id}` : '/staff/articles'}
            encType="multipart/form-data"
            aria-label="Article"
            data-article-form
            data-autosave-url={article ? `/staff/articles/${article.id}/autosave` : '/staff/articles/autosave'}
          >
            <CsrfField user={user} />
            {props.baseRevision !== undefined && <input type="hidden" name="baseRevision" value={props.baseRevision} />}
            {translating && <input type="hidden" name="translationOf" value={translating.id} />}
            <Field name="title" typed={typed} errors={errors}>
              {(control) => <input {...control} type="text" defaultValue={typed.title} maxLength={LIMITS.title} />}
            </Field>
            <Field
              name="slug"
              typed={typed}
              errors={errors}
              hint={`The address: ${typed.locale === 'es' ? '/es/blog/<slug>' : '/blog/<slug>'}. Lowercase words joined by hyphens.`}
            >
              {(control) => <input {...control} type="text" defaultValue={typed.slug} maxLength={LIMITS.slug} />}
            </Field>
            <Field
              name="excerpt"
              typed={typed}
              errors={errors}
              hint="Shown on the blog's cards, in search results and in the feeds."
            >
              {(control) => (
                <textarea
                  {...control}
                  className="contact-field__control contact-field__control--area"
                  rows={3}
                  defaultValue={typed.excerpt}
                  maxLength={LIMITS.excerpt}
                />
              )}
            </Field>
            <div className="staff-articles__row">
              <Field name="locale" typed={typed} errors={errors}>
                {(control) =>
                  article || translating ? (
                    <>
                      <input
                        {...control}
                        type="text"
                        readOnly
                        value={languageNames[typed.locale as 'en'] ?? typed.locale}
                        name={undefined}
                      />
                      <input type="hidden" name="locale" value={typed.locale} />
                    </>
                  ) : (
                    <select
                      {...control}
                      className="contact-field__control contact-field__control--select"
                      defaultValue={typed.locale}
                    >
                      {locales.map((locale) => (
                        <option key={locale} value={locale}>
                          {languageNames[locale]}
                        </option>
                      ))}
                    </select>
                  )
                }
              </Field>
              <Field name="category" typed={typed} errors={errors}>
                {(control) => (
                  <select
                    {...control}
                    className="contact-field__control contact-field__control--select"
                    defaultValue={typed.category}
                  >
                    {postCategories.map((category) => (
                      <option key={category} value={category}>
                        {categoryNames.find((candidate) => candidate.value === category)?.label ?? category}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            <div className="staff-articles__row">
              <AuthorFields typed={typed} errors={errors} authors={props.authors} />
            </div>
            <Field name="date" typed={typed} errors={errors}>
              {(control) => <input {...control} type="date" defaultValue={typed.date} />}
            </Field>
            <div className="staff-articles__check">
              <input id="article-featured" name="featured" type="checkbox" defaultChecked={typed.featured === 'on'} />
              <label htmlFor="article-featured">
                Featured: on top of the blog (only the newest featured article is)
              </label>
            </div>
            <div className="staff-articles__row">
              <Field
                name="image"
                typed={typed}
                errors={errors}
                hint="Choose a photo below, or name a path on this site, such as /images/blog/name.svg. Optional: without one, the blog draws its own cover with the lab’s mark and the article opens with its text."
              >
                {(control) => <input {...control} type="text" defaultValue={typed.image} maxLength={LIMITS.image} />}
              </Field>
              <Field
                name="imageAlt"
                typed={typed}
                errors={errors}
                hint="What the image shows, for those who cannot see it."
              >
                {(control) => (
                  <input {...control} type="text" defaultValue={typed.imageAlt} maxLength={LIMITS.imageAlt} />
                )}
              </Field>
            </div>
            <div className="staff-cover">
              <LabelledField id="article-cover-file" label="Choose a cover photo">
                <p className="staff-muted staff-articles__hint" id="article-cover-file-hint">
                  A JPEG, PNG or WebP photo up to {IMAGE_MAX_BYTES / 1024 / 1024} MB, straight from a phone. It is
                  uploaded when you save, with everything else on this form.
                </p>
                <input
                  id="article-cover-file"
                  name="coverFile"
                  type="file"
                  accept="image/jpeg,image/png,image/webp"
                  aria-describedby="article-cover-file-hint"
                  data-max-bytes={IMAGE_MAX_BYTES}
                />
              </LabelledField>
              <p className="contact-field__error" data-cover-message role="alert" hidden />
              <CoverPreview path={typed.image} state={props.coverState} />
            </div>
            <Field
              name="body"
              typed={typed}
              errors={errors}
              hint={`Markdown: "## " for a section, **bold**, [a link](https://…). Raw HTML shows as text.${readTime ? ` Read time: ${readTime}.` : ''}`}
            >
              {(control) => (
                <textarea
                  {...control}
                  className="contact-field__control contact-field__control--area staff-articles__body"
                  rows={24}
                  defaultValue={typed.body}
                  maxLength={LIMITS.body}
                />
              )}
            </Field>
            <SeoFields typed={typed} errors={errors} />
            <button className="button button--primary" type="submit">
              {article ? 'Save' : 'Create draft'}
            </button>
            <p className="staff-muted" data-autosave-status aria-live="polite" />
          </form>
          <Library library={props.library} locale={typed.locale} />
        </div>
        {(article || original) && (
          <aside className="staff-detail__side">
            {article && <Actions article={article} user={user} scheduleValue={props.scheduleValue} />}
            {original && <Original original={original} />}
          </aside>
        )}
      </div>
      {props.script && <script type="module" src={props.script} />}
    </ConsoleDocument>
  );
}

import type { ArticleFieldName, TypedFields } from '../fields';
import { LIMITS, SEO_RECOMMENDED } from '../fields';
import { articleCopy } from '../texts';
import { Field } from './ArticleField';

type SeoField = keyof typeof SEO_RECOMMENDED;

/** A counter's words for a length: said as text without script, the editor's script says it again as one types. */
const seoCountText = (length: number, max: number) =>
  (length > max ? articleCopy.seoCount.over : articleCopy.seoCount.within)
    .replace('{n}', String(length))
    .replace('{max}', String(max));

/**
 * A field of what search results and shares show, with its recommended length as text and its count (decision
 * 075). The count is announced politely: the script updates it once the writer pauses.
 */
function SeoField({
  name,
  typed,
  errors,
}: {
  name: SeoField;
  typed: TypedFields;
  errors: Partial<Record<ArticleFieldName, string>>;
}) {
  const max = SEO_RECOMMENDED[name];
  const value = typed[name];
  const countId = `article-${name}-count`;
  return (
    <Field name={name} typed={typed} errors={errors} hint={articleCopy.seoHint[name](max)}>
      {(control) => {
        const described = `${control['aria-describedby'] ?? ''} ${countId}`.trim();
        const props = { ...control, 'aria-describedby': described, maxLength: LIMITS[name], defaultValue: value };
        return (
          <>
            {name === 'seoTitle' ? (
              <input {...props} type="text" />
            ) : (
              <textarea {...props} className="contact-field__control contact-field__control--area" rows={3} />
            )}
            <p
              className="staff-muted staff-articles__hint"
              id={countId}
              aria-live="polite"
              data-seo-count={name}
              data-max={max}
              data-within={articleCopy.seoCount.within}
              data-over={articleCopy.seoCount.over}
              data-empty={articleCopy.seoEmpty[name]}
            >
              {value.trim() ? seoCountText(value.trim().length, max) : articleCopy.seoEmpty[name]}
            </p>
          </>
        );
      }}
    </Field>
  );
}

/** The title and description search results and shares show, each defaulting to the article's own. */
export function SeoFields(props: { typed: TypedFields; errors: Partial<Record<ArticleFieldName, string>> }) {
  return (
    <fieldset className="staff-articles__seo">
      <legend>Search results and shares</legend>
      <SeoField name="seoTitle" {...props} />
      <SeoField name="seoDescription" {...props} />
    </fieldset>
  );
}

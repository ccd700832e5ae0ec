import { BOOK_PATH } from '../../content/bookingFacts';
import { ATTRIBUTION_FIELD } from '../../lib/attribution';
import { HOLD_FIELD } from '../../lib/bookingHold';
import { HONEYPOT_FIELD } from '../../model/contactForm';
import { FormTokenField } from '../FormTokenField';
import { PrivacyNotice } from '../PrivacyNotice';
import { useLocale } from '../useLocale';
import { SlotList } from './SlotList';
import type { BookingField, BookingView } from './view';

type SlotsView = Extract<BookingView, { step: 'slots' }>;

const FIELDS: readonly { name: BookingField; type: string; autoComplete: string; required: boolean }[] = [
  { name: 'name', type: 'text', autoComplete: 'name', required: true },
  { name: 'email', type: 'email', autoComplete: 'email', required: true },
  { name: 'company', type: 'text', autoComplete: 'organization', required: true },
  { name: 'phone', type: 'tel', autoComplete: 'tel', required: false },
];

/** The second step: the free times as a grouped radio list, then the visitor's details; one plain POST. */
export function SlotsStep({ view }: { view: SlotsView }) {
  const { catalogue, localize } = useLocale();
  const { slots: copy, details, errors } = catalogue.book;
  const { choice, values } = view;
  return (
    <form className="book-card book-slots" method="post" action={localize(BOOK_PATH)} data-booking-slots>
      <input type="hidden" name="topic" value={choice.topic} />
      <input type="hidden" name="lang" value={choice.language} />
      <input type="hidden" name="office" value={choice.office} />
      <input type="hidden" name="tz" value={choice.zone} />
      <input type="hidden" name={ATTRIBUTION_FIELD} value={view.attribution} />
      {view.problems.length > 0 || view.taken ? (
        <div role="alert" className="book-alert">
          {view.taken ? <p>{copy.taken}</p> : null}
          {view.problems.length > 0 ? (
            <>
              <p>{errors.heading}</p>
              <ul>
                {view.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <h2 className="book-card__title">{copy.title}</h2>
      <p className="book-card__note">
        {copy.shownIn(choice.zone.replaceAll('_', ' '))} <a href={localize(BOOK_PATH)}>{copy.change}</a>
      </p>
      {view.slots.length === 0 ? (
        <p className="book-card__note">{copy.none}</p>
      ) : (
        <SlotList slots={view.slots} zone={choice.zone} checked={values.slot} />
      )}
      {/* With script, a chosen time is held while the visitor types (client/book/slots.ts, decision 088): its key
          and its words go here. */}
      <input type="hidden" name={HOLD_FIELD} defaultValue="" />
      <p className="book-card__note" role="status" data-hold-status data-held={copy.held} data-taken={copy.justTaken} />
      {view.later !== null ? (
        <p>
          <a
            href={`${localize(BOOK_PATH)}?${new URLSearchParams({ topic: choice.topic, lang: choice.language, office: choice.office, tz: choice.zone, after: String(view.later) })}`}
          >
            {copy.later}
          </a>
        </p>
      ) : null}
      <fieldset className="book-details">
        <legend className="book-card__title">{details.title}</legend>
        <p className="book-card__note">{details.requiredNote}</p>
        <div className="book-details__grid">
          {FIELDS.map((field) => (
            <label key={field.name} className="book-field">
              <span className="book-field__label">
                {details[field.name]}
                {field.required ? <span aria-hidden="true"> *</span> : null}
              </span>
              <input
                className="book-field__control"
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required={field.required}
                defaultValue={values[field.name] ?? ''}
              />
            </label>
          ))}
          <label className="book-field book-field--wide">
            <span className="book-field__label">{details.message}</span>
            <textarea className="book-field__control" name="message" rows={4} defaultValue={values.message ?? ''} />
          </label>
        </div>
      </fieldset>
      <FormTokenField />
      {/* Robots fill every field; people never see this one (decision 073). */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="book-mlx-hp">{details.honeypot}</label>
        <input id="book-mlx-hp" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button button--primary" disabled={view.slots.length === 0}>
        {details.submit}
      </button>
      <PrivacyNotice text={details.privacy} className="book-card__note" />
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';

import { BOOK_PATH, BOOKING_OFFICES, BOOKING_TOPICS } from '../../content/bookingFacts';
import { DEFAULT_ZONES, TIME_ZONES } from '../../content/bookingZones';
import { locales } from '../../lib/locale';
import { useHydrated } from '../useHydrated';
import { useLocale } from '../useLocale';
import { browserZone, zoneBeforeWake } from './zoneChoice';

const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/**
 * The first step, a plain GET form: topic, language of the call, office and time zone. The zone is the page
 * language's office zone until the browser's own replaces it (before the page wakes, client/book/zoneOpening.ts,
 * or once hydrated); without script it is a select.
 */
export function ChooseStep() {
  const { catalogue, locale, localize } = useLocale();
  const copy = catalogue.book.choose;
  // The browser's zone once hydrated (the server's HTML has the language's), until the visitor picks one.
  const hydrated = useHydrated();
  const [picked, setZone] = useState<string | null>(null);
  const zone = picked ?? (hydrated ? browserZone() : DEFAULT_ZONES[locale]);
  const zones = TIME_ZONES.includes(zone) ? TIME_ZONES : [zone, ...TIME_ZONES];
  // A zone picked before the page woke stays the visitor's.
  const zoneSelect = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const before = zoneSelect.current && zoneBeforeWake(zoneSelect.current, DEFAULT_ZONES[locale]);
    if (before) setZone(before);
  }, [locale]);
  return (
    <form
      className="book-card book-choose"
      method="get"
      action={localize(BOOK_PATH)}
      aria-labelledby="book-choose-title"
    >
      <h2 id="book-choose-title" className="book-card__title">
        {copy.title}
      </h2>
      <div className="book-choose__grid">
        <label className="book-field">
          <span className="book-field__label">{copy.topic}</span>
          <select name="topic" defaultValue={BOOKING_TOPICS[0]} className="book-field__control">
            {BOOKING_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {copy.topics[topic]}
              </option>
            ))}
          </select>
        </label>
        <label className="book-field">
          <span className="book-field__label">{copy.language}</span>
          <select name="lang" defaultValue={locale} className="book-field__control">
            {locales.map((language) => (
              <option key={language} value={language}>
                {copy.languages[language]}
              </option>
            ))}
          </select>
        </label>
        <label className="book-field">
          <span className="book-field__label">{copy.office}</span>
          <select name="office" defaultValue="" className="book-field__control">
            <option value="">{copy.anyOffice}</option>
            {Object.keys(BOOKING_OFFICES).map((office) => (
              <option key={office} value={office}>
                {copy.offices[office as keyof typeof copy.offices]}
              </option>
            ))}
          </select>
        </label>
        <label className="book-field">
          <span className="book-field__label">{copy.zone}</span>
          <select
            ref={zoneSelect}
            name="tz"
            value={zone}
            onChange={(event) => setZone(event.target.value)}
            className="book-field__control"
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {zoneLabel(name)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="submit" className="button button--primary">
        {copy.submit}
      </button>
    </form>
  );
}

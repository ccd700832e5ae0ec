import { callTime } from '../../lib/callTime';
import { useLocale } from '../useLocale';
import type { OfferedSlot } from './view';

/**
 * The free times as radio buttons grouped by the visitor's day, each a fieldset with its day as legend, each
 * time with its office's own clock beside it: keyboard and screen readers walk them as one group per day.
 */
export function SlotList({ slots, zone, checked }: { slots: readonly OfferedSlot[]; zone: string; checked?: string }) {
  const { catalogue, locale } = useLocale();
  const { offices } = catalogue.book.choose;
  const days = new Map<string, OfferedSlot[]>();
  for (const slot of slots) {
    const day = callTime(slot.start, locale, zone, 'day');
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return (
    <div className="book-days">
      {[...days].map(([day, daySlots]) => (
        <fieldset key={day} className="book-day">
          <legend className="book-day__legend">{day}</legend>
          <div className="book-day__slots">
            {daySlots.map((slot) => {
              const value = `${slot.start}.${slot.office}`;
              const office = offices[slot.office as keyof typeof offices];
              return (
                <label key={value} className="book-slot">
                  <input type="radio" name="slot" value={value} required defaultChecked={value === checked} />
                  <span className="book-slot__time">{callTime(slot.start, locale, zone, 'time')}</span>
                  <span className="book-slot__office">
                    {catalogue.book.slots.officeTime(office, callTime(slot.start, locale, slot.officeZone, 'time'))}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

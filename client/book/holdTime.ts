/** Holding the time a visitor chose while they type (decision 088): POST HOLD_ENDPOINT, JSON. */
import { HOLD_ENDPOINT, HOLD_FIELD } from '../../shared/lib/bookingHold';

/** How long a choice stands before its hold is asked for: arrow keys check each time they pass. */
const SETTLE_MS = 300;

/**
 * Each time chosen is held for the visitor, the one chosen before let go; its key goes in the form's `hold` field.
 * A time someone has just taken is struck out, with a word why. Any other answer (the limits, no network) says
 * nothing: the booking itself checks the time again. `settled` asks at once for a choice still settling and
 * resolves when the last hold is answered: false when its time was just taken, so the form is not sent.
 */
export function holdChosenTime(form: HTMLFormElement): { settled: () => Promise<boolean> } {
  const field = form.elements.namedItem(HOLD_FIELD);
  const lang = form.elements.namedItem('lang');
  const status = form.querySelector<HTMLElement>('[data-hold-status]');
  if (!(field instanceof HTMLInputElement) || !(lang instanceof HTMLInputElement) || !status)
    return { settled: async () => true };
  let asked = 0;
  let answered = Promise.resolve(true);
  let settling: { radio: HTMLInputElement; timer: ReturnType<typeof setTimeout> } | undefined;

  const hold = async (radio: HTMLInputElement): Promise<boolean> => {
    const mine = (asked += 1);
    const release = field.value;
    field.value = '';
    try {
      const answer = await fetch(HOLD_ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ slot: radio.value, lang: lang.value, ...(release ? { release } : {}) }),
      });
      // A later choice has been made meanwhile: this answer is not the one the visitor waits for.
      if (mine !== asked) return true;
      if (answer.status === 409) {
        radio.checked = false;
        radio.disabled = true;
        status.textContent = status.dataset.taken ?? '';
        return false;
      }
      if (answer.status === 201) {
        field.value = ((await answer.json()) as { hold: string }).hold;
        status.textContent = status.dataset.held ?? '';
      }
    } catch {
      // No network: the booking checks the time itself.
    }
    return true;
  };

  const settle = () => {
    if (settling) {
      clearTimeout(settling.timer);
      answered = hold(settling.radio);
      settling = undefined;
    }
    return answered;
  };

  form.addEventListener('change', (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || radio.name !== 'slot') return;
    status.textContent = '';
    if (settling) clearTimeout(settling.timer);
    settling = { radio, timer: setTimeout(settle, SETTLE_MS) };
  });
  return { settled: settle };
}

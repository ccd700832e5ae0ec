/** Holding the time a visitor chose while they type (decision 088): POST /api/booking/hold, JSON. */
const HOLD_ENDPOINT = '/api/booking/hold';

/**
 * Each time chosen is held for the visitor, the one chosen before let go; its key goes in the form's `hold` field.
 * A time someone has just taken is struck out, with a word why. Any other answer (the limits, no network) says
 * nothing: the booking itself checks the time again.
 */
export function holdChosenTime(form: HTMLFormElement): void {
  const field = form.elements.namedItem('hold');
  const lang = form.elements.namedItem('lang');
  const status = form.querySelector<HTMLElement>('[data-hold-status]');
  if (!(field instanceof HTMLInputElement) || !(lang instanceof HTMLInputElement) || !status) return;
  let asked = 0;
  form.addEventListener('change', (event) => {
    const radio = event.target;
    if (!(radio instanceof HTMLInputElement) || radio.name !== 'slot') return;
    const mine = (asked += 1);
    const release = field.value;
    field.value = '';
    status.textContent = '';
    void fetch(HOLD_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ slot: radio.value, lang: lang.value, ...(release ? { release } : {}) }),
    })
      .then(async (answer) => {
        // A later choice has been made meanwhile: this answer is not the one the visitor waits for.
        if (mine !== asked) return;
        if (answer.status === 201) {
          field.value = ((await answer.json()) as { hold: string }).hold;
          status.textContent = status.dataset.held ?? '';
        } else if (answer.status === 409) {
          radio.checked = false;
          radio.disabled = true;
          status.textContent = status.dataset.taken ?? '';
        }
      })
      .catch(() => undefined);
  });
}

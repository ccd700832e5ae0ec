/**
 * The SEO fields' length counters (decision 075): the page says each count as it was loaded; this says it again
 * once the writer pauses, so a screen reader hears it once (the counter is a polite live region), not per key.
 */

/** The pause after which a count is said. */
const PAUSE_MS = 700;

export function seoCounters(form: HTMLFormElement): void {
  for (const counter of form.querySelectorAll<HTMLElement>('[data-seo-count]')) {
    const field = form.elements.namedItem(counter.dataset.seoCount ?? '');
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    const { max = '', within = '', over = '', empty = '' } = counter.dataset;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const say = () => {
      const length = field.value.trim().replace(/\s+/g, ' ').length;
      const words = length === 0 ? empty : length > Number(max) ? over : within;
      counter.textContent = words.replace('{n}', String(length)).replace('{max}', max);
    };
    field.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(say, PAUSE_MS);
    });
  }
}

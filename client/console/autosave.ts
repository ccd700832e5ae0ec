/**
 * What the writer types, kept as they type (decision 075): sent a few seconds after a change, and as they leave
 * the page. Kept for them alone until they save; the editor brings it back if the page is left unsaved.
 */

/** At most one send in this time while the writer types. */
const EVERY_MS = 3000;

export function autosave(form: HTMLFormElement): void {
  const url = form.dataset.autosaveUrl;
  const status = form.querySelector<HTMLElement>('[data-autosave-status]');
  if (!url || !status) return;
  let changed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The form as it is, without the cover's file: that is uploaded by Save.
  const typed = () => {
    const data = new FormData(form);
    data.delete('coverFile');
    return data;
  };
  const send = async () => {
    timer = undefined;
    if (!changed) return;
    changed = false;
    const sent = await fetch(url, { method: 'POST', body: typed(), headers: { accept: 'application/json' } }).catch(
      () => undefined,
    );
    if (sent?.ok) {
      status.textContent = `Kept as you type (${new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}): Save to keep it in the article.`;
      return;
    }
    changed = true;
    status.textContent = 'Not kept just now: Save keeps what you typed.';
  };
  form.addEventListener('input', () => {
    changed = true;
    timer ??= setTimeout(() => void send(), EVERY_MS);
  });
  form.addEventListener('submit', () => {
    changed = false;
    clearTimeout(timer);
  });
  // Leaving the page (a link, a closed tab, a phone switching apps): what is left is sent as the page goes.
  addEventListener('pagehide', () => {
    if (changed) navigator.sendBeacon(url, typed());
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void send();
  });
}

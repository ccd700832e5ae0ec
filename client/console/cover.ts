/** The cover in the editor: a thumbnail drawn in the browser as soon as a photo is chosen, and the made one. */

/** The thumbnail's width: enough for the editor's preview, small as a data URL (the console's img-src). */
const THUMBNAIL_WIDTH = 320;
/** How often an upload's state is asked while it is made. */
const FOLLOW_MS = 1500;

function picture(src: string, alt: string): HTMLImageElement {
  const image = document.createElement('img');
  image.src = src;
  image.alt = alt;
  image.width = 200;
  return image;
}

/** The chosen file drawn small, or undefined when the browser cannot decode it. */
async function thumbnail(file: File): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement('canvas');
    canvas.width = Math.min(THUMBNAIL_WIDTH, bitmap.width);
    canvas.height = Math.round((bitmap.height * canvas.width) / bitmap.width);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.8);
  } catch {
    return undefined;
  }
}

/** Shows the chosen photo at once; one too large or not an image is said beside the field, and not posted. */
export function previewCover(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[name="coverFile"]');
  const preview = form.querySelector<HTMLElement>('[data-cover-preview]');
  const message = form.querySelector<HTMLElement>('[data-cover-message]');
  if (!input || !preview || !message) return;
  const say = (text: string) => {
    message.textContent = text;
    message.hidden = text === '';
  };
  input.addEventListener('change', async () => {
    say('');
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > Number(input.dataset.maxBytes)) {
      input.value = '';
      say(
        `That photo is ${(file.size / 1024 / 1024).toFixed(1)} MB, over the ${Number(input.dataset.maxBytes) / 1024 / 1024} MB taken: export it smaller and choose it again. Everything else is kept.`,
      );
      return;
    }
    const src = await thumbnail(file);
    if (!src) {
      input.value = '';
      say('That file is not a photo the browser can show: choose a JPEG, PNG or WebP image. Everything else is kept.');
      return;
    }
    const caption = document.createElement('p');
    caption.className = 'staff-muted';
    caption.textContent = 'Chosen: it is uploaded when you save.';
    preview.removeAttribute('data-state-url');
    preview.replaceChildren(picture(src, 'The chosen cover'), caption);
  });
}

/** Asks an upload's state until it is made, then shows the made thumbnail (or why it could not be made). */
export function followCover(preview: HTMLElement | null): void {
  const url = preview?.dataset.stateUrl;
  if (!preview || !url) return;
  const ask = async () => {
    if (preview.dataset.stateUrl !== url) return;
    const response = await fetch(url, { headers: { accept: 'application/json' } }).catch(() => undefined);
    const state = (await response?.json().catch(() => undefined)) as
      { status: string; reason?: string; thumbnail?: string } | undefined;
    if (state?.status === 'ready' && state.thumbnail)
      preview.replaceChildren(picture(state.thumbnail, 'The cover as uploaded'));
    else if (state?.status === 'failed') {
      const reason = document.createElement('p');
      reason.className = 'contact-field__error';
      reason.textContent = state.reason ?? '';
      preview.replaceChildren(reason);
    } else if (!state || state.status === 'processing') setTimeout(() => void ask(), FOLLOW_MS);
  };
  setTimeout(() => void ask(), FOLLOW_MS);
}

/**
 * The article editor's script (decision 075): what is typed kept as it is typed, the chosen cover shown at once,
 * and the uploaded one once it is made. The editor works without it: the form posts the file with every field, and a reload shows the cover.
 */
import { autosave } from './autosave';
import { followCover, previewCover } from './cover';

const form = document.querySelector<HTMLFormElement>('form[data-article-form]');
if (form) {
  autosave(form);
  previewCover(form);
  followCover(document.querySelector<HTMLElement>('[data-cover-preview][data-state-url]'));
}

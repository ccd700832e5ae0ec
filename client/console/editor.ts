/**
 * The article editor's script (decision 075): what is typed kept as it is typed, the chosen cover shown at once,
 * and the uploaded one once it is made; the SEO fields' lengths counted as they are typed. The editor works without it: the form posts the file with every field, and a reload shows the cover.
 */
import { autosave } from './autosave';
import { followCover, previewCover } from './cover';
import { seoCounters } from './seoCount';

const form = document.querySelector<HTMLFormElement>('form[data-article-form]');
if (form) {
  autosave(form);
  previewCover(form);
  seoCounters(form);
  followCover(document.querySelector<HTMLElement>('[data-cover-preview][data-state-url]'));
}

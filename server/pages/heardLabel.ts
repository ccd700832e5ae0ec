import { catalogues } from './catalogues';

/** An answer to "How did you hear about us?" as the form's English list words it. */
export const heardAnswer = (heard: string): string =>
  catalogues.en.contact.heardOptions.find((option) => option.value === heard)?.label ?? heard;

/** A lead's answer in the console's words, with their own words beside it; a dash for none. */
export const heardLabel = (heard: string, text = ''): string =>
  [heard === '' ? '' : heardAnswer(heard), text].filter(Boolean).join(': ') || '—';

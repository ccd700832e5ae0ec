/** Every language's catalogue, for what the server words itself (form errors): the server has no bundle size to save. */
import type { Catalogue } from '../shared/content/i18n/catalogue';
import { en } from '../shared/content/i18n/en';
import { es } from '../shared/content/i18n/es';
import type { Locale } from '../shared/lib/locale';

export const catalogues: Readonly<Record<Locale, Catalogue>> = { en, es };

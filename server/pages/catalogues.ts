/**
 * Every language's whole catalogue, for what the server words itself (form
 * errors, feeds, the team's e-mails): loaded once as the server starts, through
 * the registry the browser loads its parts from. The server has no bundle size to save.
 */
import { catalogueParts, loadCatalogue, loadedCatalogue } from '../../shared/content/i18n/catalogue';
import type { Catalogue } from '../../shared/content/i18n/types';
import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';

await Promise.all(locales.map((locale) => loadCatalogue(locale, catalogueParts)));

export const catalogues = Object.fromEntries(locales.map((locale) => [locale, loadedCatalogue(locale)])) as Readonly<
  Record<Locale, Catalogue>
>;

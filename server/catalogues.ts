/** Every language's whole catalogue, for what the server words itself (form errors): the server has no bundle size to save. */
import type { Catalogue } from '../shared/content/i18n/catalogue';
import { common as enCommon } from '../shared/content/i18n/en/common';
import { contact as enContact } from '../shared/content/i18n/en/contact';
import { home as enHome } from '../shared/content/i18n/en/home';
import { common as esCommon } from '../shared/content/i18n/es/common';
import { contact as esContact } from '../shared/content/i18n/es/contact';
import { home as esHome } from '../shared/content/i18n/es/home';
import type { Locale } from '../shared/lib/locale';

export const catalogues: Readonly<Record<Locale, Catalogue>> = {
  en: { ...enCommon, home: enHome, contact: enContact },
  es: { ...esCommon, home: esHome, contact: esContact },
};

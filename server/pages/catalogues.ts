/** Every language's whole catalogue, for what the server words itself (form errors): the server has no bundle size to save. */
import type { Catalogue } from '../../shared/content/i18n/catalogue';
import { article as enArticle } from '../../shared/content/i18n/en/article';
import { common as enCommon } from '../../shared/content/i18n/en/common';
import { contact as enContact } from '../../shared/content/i18n/en/contact';
import { contactInfo as enContactInfo } from '../../shared/content/i18n/en/contactInfo';
import { home as enHome } from '../../shared/content/i18n/en/home';
import { legal as enLegal } from '../../shared/content/i18n/en/legal';
import { posts as enPosts } from '../../shared/content/i18n/en/posts';
import { article as esArticle } from '../../shared/content/i18n/es/article';
import { common as esCommon } from '../../shared/content/i18n/es/common';
import { contact as esContact } from '../../shared/content/i18n/es/contact';
import { contactInfo as esContactInfo } from '../../shared/content/i18n/es/contactInfo';
import { home as esHome } from '../../shared/content/i18n/es/home';
import { legal as esLegal } from '../../shared/content/i18n/es/legal';
import { posts as esPosts } from '../../shared/content/i18n/es/posts';
import { services as enServices } from '../../shared/content/i18n/en/services';
import { research as enResearch } from '../../shared/content/i18n/en/research';
import { blog as enBlog } from '../../shared/content/i18n/en/blog';
import { newsletterConfirm as enNewsletterConfirm } from '../../shared/content/i18n/en/newsletterConfirm';
import { newsletterUnsubscribe as enNewsletterUnsubscribe } from '../../shared/content/i18n/en/newsletterUnsubscribe';
import { services as esServices } from '../../shared/content/i18n/es/services';
import { research as esResearch } from '../../shared/content/i18n/es/research';
import { blog as esBlog } from '../../shared/content/i18n/es/blog';
import { newsletterConfirm as esNewsletterConfirm } from '../../shared/content/i18n/es/newsletterConfirm';
import { newsletterUnsubscribe as esNewsletterUnsubscribe } from '../../shared/content/i18n/es/newsletterUnsubscribe';
import type { Locale } from '../../shared/lib/locale';

export const catalogues: Readonly<Record<Locale, Catalogue>> = {
  en: {
    ...enCommon,
    home: enHome,
    contact: enContact,
    contactInfo: enContactInfo,
    services: enServices,
    research: enResearch,
    blog: enBlog,
    newsletterConfirm: enNewsletterConfirm,
    newsletterUnsubscribe: enNewsletterUnsubscribe,
    posts: enPosts,
    article: enArticle,
    legal: enLegal,
  },
  es: {
    ...esCommon,
    home: esHome,
    contact: esContact,
    contactInfo: esContactInfo,
    services: esServices,
    research: esResearch,
    blog: esBlog,
    newsletterConfirm: esNewsletterConfirm,
    newsletterUnsubscribe: esNewsletterUnsubscribe,
    posts: esPosts,
    article: esArticle,
    legal: esLegal,
  },
};

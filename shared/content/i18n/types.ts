/**
 * The shape of a language's texts. The English parts define the keys; every other language's parts are
 * typed by them, so a missing or extra key fails the type check. Types only: the parts import this
 * module, and the registry (catalogue.ts) imports the parts.
 */
import type { BlogCategory, BlogPost } from '../blog';
import type { article } from './en/article';
import type { blog } from './en/blog';
import type { book } from './en/book';
import type { common } from './en/common';
import type { contact } from './en/contact';
import type { contactInfo } from './en/contactInfo';
import type { home } from './en/home';
import type { legal } from './en/legal';
import type { newsletterConfirm } from './en/newsletterConfirm';
import type { newsletterUnsubscribe } from './en/newsletterUnsubscribe';
import type { research } from './en/research';
import type { services } from './en/services';

/** A catalogue's shape without its English literals: same keys, any words; identifiers (`id`) keep their types. */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends (...args: infer A) => infer R
        ? (...args: A) => Widen<R>
        : T extends readonly (infer U)[]
          ? readonly Widen<U>[]
          : { readonly [K in keyof T]: K extends 'id' ? T[K] : Widen<T[K]> };

export type CatalogueCommon = Widen<typeof common>;

/** A language's blog posts (each with its slug there) and the categories' names: the blog and the article pages read them. */
export interface PostsPart {
  posts: readonly BlogPost[];
  categories: readonly BlogCategory[];
}

/** The parts a page may need beside the common one, by name. */
export interface CataloguePages {
  home: Widen<typeof home>;
  contact: Widen<typeof contact>;
  /** The contact page around its form: only its static sections read it. */
  contactInfo: Widen<typeof contactInfo>;
  posts: PostsPart;
  article: Widen<typeof article>;
  legal: Widen<typeof legal>;
  services: Widen<typeof services>;
  research: Widen<typeof research>;
  blog: Widen<typeof blog>;
  newsletterConfirm: Widen<typeof newsletterConfirm>;
  newsletterUnsubscribe: Widen<typeof newsletterUnsubscribe>;
  book: Widen<typeof book>;
}

export type CataloguePart = keyof CataloguePages;

/** A language's texts: the common part, and each page's part once loaded (reading one that is not throws, naming it). */
export type Catalogue = CatalogueCommon & CataloguePages;

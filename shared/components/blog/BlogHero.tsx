import { PageHero } from '../PageHero';
import { useLocale } from '../useLocale';

/** The blog's opening band. */
export function BlogHero() {
  const { hero } = useLocale().catalogue.blog;
  return <PageHero eyebrow={hero.eyebrow} title={hero.title} intro={hero.intro} />;
}

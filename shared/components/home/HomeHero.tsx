import type { ReactNode } from 'react';

import { Link } from '../Link';
import { useLocale } from '../useLocale';
import { HeroVideo } from './HeroVideo';
import { Typewriter } from './Typewriter';

/** The full-screen opening: video background, veil, the page's one h1, the two first actions and the scroll cue (static: the page's). */
export function HomeHero({ scrollCue }: { scrollCue: ReactNode }) {
  const { catalogue, localize } = useLocale();
  const { hero: homeHero, about } = catalogue.home;
  const [primary, secondary] = homeHero.actions;
  return (
    <section className="home-hero" aria-labelledby="page-title">
      {/*
        Hoisted into <head>: no frame is rendered before the section after the hero is in the DOM, so
        the whole hero is. Between two pieces of the HTML a slow device rendered half a hero, and its
        centred text and its scroll cue moved when the rest came (decision 085). Chromium lets the
        frame go at the target's start tag, hence the next section, not the hero itself.
      */}
      <link rel="expect" href={`#${about.id}`} blocking="render" />
      <HeroVideo media={homeHero.media} />
      <div className="home-hero__veil" />
      <div className="container home-hero__inner">
        <p className="eyebrow eyebrow--light home-hero__eyebrow">{homeHero.eyebrow}</p>
        <h1 id="page-title" className="home-hero__title">
          {`${homeHero.titleLead} `}
          <Typewriter text={homeHero.typedWord} delay={homeHero.letterDelay} infinite className="home-hero__typed" />
        </h1>
        <p className="home-hero__intro">{homeHero.intro}</p>
        <div className="home-hero__actions">
          {primary ? (
            <Link to={localize(primary.to)} className="button button--primary home-hero__button">
              {primary.label}
            </Link>
          ) : null}
          {secondary ? (
            <Link to={localize(secondary.to)} className="button button--ghost home-hero__button">
              {secondary.label}
            </Link>
          ) : null}
        </div>
      </div>
      {scrollCue}
    </section>
  );
}

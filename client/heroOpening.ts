/**
 * The home page's hero on a first visit, before the page wakes (decision 100): the typewriter and the video
 * start on the server's markup, with no framework, as the components would start them; when the page wakes,
 * the components take them over (typeInto and startHeroVideo go on with what runs).
 */
import { HERO_VIDEO_CLASS, startHeroVideo } from '../shared/lib/heroVideo';
import { motionReduced, REDUCED_MOTION } from '../shared/lib/motion';
import type { TypewriterMode } from '../shared/lib/typewriter';
import { typeInto, TYPEWRITER_CLASSES } from '../shared/lib/typewriter';

/** Starts the hero's motion; it never needs the page to wake. */
export function open(): boolean {
  if (motionReduced()) return false;
  const stops: (() => void)[] = [];
  for (const typewriter of document.querySelectorAll<HTMLElement>('[data-typewriter]')) {
    const text = typewriter.querySelector(`.${TYPEWRITER_CLASSES.word}`)?.textContent;
    const letters = typewriter.querySelector<HTMLElement>(`.${TYPEWRITER_CLASSES.typed}`);
    if (!text || !letters) continue;
    typewriter.classList.add('is-animated');
    const { typewriter: mode, letterDelay } = typewriter.dataset;
    const stop = typeInto(letters, { text, mode: mode as TypewriterMode, letterDelay: Number(letterDelay) });
    stops.push(() => {
      stop();
      typewriter.classList.remove('is-animated');
    });
  }
  const video = document.querySelector<HTMLVideoElement>(`.${HERO_VIDEO_CLASS}`);
  if (video) stops.push(startHeroVideo(video));
  // Asked for while the page is open, reduced motion stills the hero at once, as the components do once it woke
  // (they also start it again if the setting is turned off).
  const query = window.matchMedia(REDUCED_MOTION);
  const still = () => {
    if (!query.matches) return;
    query.removeEventListener('change', still);
    for (const stop of stops) stop();
  };
  query.addEventListener('change', still);
  return false;
}

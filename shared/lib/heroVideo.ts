import { prefersSavedData } from './motion';
import { parallaxFrame } from './parallax';

/** The hero video's class: the component renders it, the home page's opening finds it. */
export const HERO_VIDEO_CLASS = 'home-hero__video';

/**
 * Starts the home hero's muted loop after the load event, once the main thread is idle: the poster shows
 * meanwhile, and the page's first work and input do not compete with the decoder. Scrolled past the hero
 * already, it is not played (the parallax starts it on the way back). It shows once it plays. `onStart` is told
 * when it is started. Returns what stops and hides it again. Never under Save-Data: the poster stays.
 */
export function startHeroVideo(video: HTMLVideoElement, onStart: () => void = () => {}): () => void {
  if (prefersSavedData()) return () => {};
  const play = () => {
    video.play().catch(() => {
      // Refused (power saving, autoplay policy) or interrupted by a pause: the poster stays.
    });
  };
  const start = () => {
    onStart();
    video.muted = true;
    video.preload = 'auto';
    if (parallaxFrame(window.scrollY, window.innerHeight).visible) play();
  };
  const reveal = () => {
    video.style.opacity = '1';
  };
  let idle = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startWhenIdle = () => {
    if ('requestIdleCallback' in window) idle = requestIdleCallback(start, { timeout: 2000 });
    else timer = setTimeout(start, 300);
  };
  video.addEventListener('playing', reveal);
  if (document.readyState === 'complete') startWhenIdle();
  else window.addEventListener('load', startWhenIdle, { once: true });
  return () => {
    window.removeEventListener('load', startWhenIdle);
    if (idle) cancelIdleCallback(idle);
    clearTimeout(timer);
    video.removeEventListener('playing', reveal);
    video.pause();
    video.style.opacity = '';
  };
}

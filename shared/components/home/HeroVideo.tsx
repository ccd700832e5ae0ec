import { useEffect, useRef } from 'react';

import type { HeroMedia } from '../../content/data';
import { HERO_VIDEO_CLASS, startHeroVideo } from '../../lib/heroVideo';
import { parallaxFrame } from '../../lib/parallax';
import { assetUrl } from '../../model/assets';
import { ResponsiveImage } from '../ResponsiveImage';
import { useMotionAllowed } from './useMotionAllowed';

/**
 * The hero's moving background: the poster (the page's largest paint, so it
 * is preloaded at high priority; it covers the whole width) under a muted looping video that starts only
 * after the page has loaded, never under reduced motion or Save-Data. The
 * layer moves at half the scroll speed and fades out past one viewport.
 */
export function HeroVideo({ media }: { media: HeroMedia }) {
  const layerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  /** Set while the video should run; the parallax pauses it off screen and resumes it. */
  const playing = useRef(false);
  const motion = useMotionAllowed();

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !motion) return;
    // Started already on a first visit by the home page's own script (decision 100): playing, it plays on.
    const stop = startHeroVideo(video, () => {
      playing.current = true;
    });
    return () => {
      stop();
      playing.current = false;
    };
  }, [motion]);

  useEffect(() => {
    const layer = layerRef.current;
    const video = videoRef.current;
    if (!layer || !video || !motion) return;
    let frame = 0;
    let shown = true;
    const update = () => {
      frame = 0;
      const { offset, visible } = parallaxFrame(window.scrollY, window.innerHeight);
      // Transform and opacity only: the compositor moves the layer, nothing is laid out again.
      layer.style.transform = `translateY(${offset}px)`;
      if (visible === shown) return;
      shown = visible;
      layer.style.opacity = visible ? '' : '0';
      if (!visible) video.pause();
      else if (playing.current) video.play().catch(() => {});
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
      layer.style.transform = '';
      layer.style.opacity = '';
    };
  }, [motion]);

  return (
    <div className="home-hero__media" ref={layerRef}>
      <ResponsiveImage className="home-hero__poster" src={media.poster} sizes="100vw" priority />
      <video className={HERO_VIDEO_CLASS} ref={videoRef} muted loop playsInline preload="none" aria-hidden="true">
        {media.sources.map((source) => (
          <source key={source.src} src={assetUrl(source.src)} type={source.type} />
        ))}
      </video>
    </div>
  );
}

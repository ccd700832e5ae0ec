import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * After an in-app navigation to "#post-3" (a Recent Posts link, "Load More
 * Posts"), moves focus to that post and scrolls to it unless it is already in
 * sight. The browser does this itself on a full page load, so the first render is left alone.
 */
export function useRevealHash(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash || key === 'default') return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const { top } = target.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight * 0.75) target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}

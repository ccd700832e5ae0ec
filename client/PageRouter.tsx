import { startTransition, useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, Router } from 'react-router';

import { PageDocument } from '../shared/pageShell';
import type { Navigation, PageState } from './navigation';
import { samePage } from './navigation';

/**
 * After a navigation shows its page: back and forward return to the position
 * left, a link to a fragment goes to it, any other link starts at the top
 * (unless it asked to keep the position). A fragment link followed without
 * the router (the skip link) was scrolled by the browser already.
 */
function restoreScroll(
  { location, action, preventScrollReset }: PageState,
  previous: PageState,
  saved: number | undefined,
): void {
  if (action === NavigationType.Pop) {
    if (samePage(location, previous.location)) return;
    if (saved !== undefined) return window.scrollTo(0, saved);
  }
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (target) return target.scrollIntoView();
  if (!preventScrollReset) window.scrollTo(0, 0);
}

/** The browser's router: the page state from the navigation, shown as a transition so the old page stays until the new one renders. */
export function PageRouter({ navigation }: { navigation: Navigation }) {
  const [state, setState] = useState(navigation.state);
  const shown = useRef(state);
  useLayoutEffect(() => navigation.listen((next) => startTransition(() => setState(next))), [navigation]);
  // Once the new page is in the DOM, before it paints.
  useLayoutEffect(() => {
    if (state === shown.current) return;
    restoreScroll(state, shown.current, navigation.savedPosition(state.location));
    shown.current = state;
  }, [state, navigation]);
  return (
    <Router
      location={state.location}
      navigationType={state.action}
      navigator={navigation.navigator}
      useTransitions={false}
    >
      <PageDocument loaded={state.loaded} />
    </Router>
  );
}

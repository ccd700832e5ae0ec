import { useContext } from 'react';

import type { PageData } from './contexts';
import { PageContext } from './contexts';

/** The page on screen's URL parameters and its loader's data. */
export function usePage(): PageData {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() outside the page document');
  return value;
}

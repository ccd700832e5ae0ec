import { useContext } from 'react';

import type { LocaleValue } from './contexts';
import { LocaleContext } from './contexts';

/** The page's language, its texts and its link paths; every page and layout part renders inside the root route that provides them. */
export function useLocale(): LocaleValue {
  const value = useContext(LocaleContext);
  if (!value) throw new Error('useLocale() outside the root route');
  return value;
}

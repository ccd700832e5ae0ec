import { useMemo } from 'react';
import { useLocation } from 'react-router';

/** The query of the page on screen, read only (links change it). */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

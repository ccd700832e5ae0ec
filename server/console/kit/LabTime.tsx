import { formatLabTime } from './format';

/** A moment as the lab reads it, with the exact time for machines. */
export function LabTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatLabTime(iso)}</time>;
}

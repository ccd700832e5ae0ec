import ChevronDown from 'lucide/dist/esm/icons/chevron-down.mjs';

import { Icon } from '../Icon';
import { useLocale } from '../useLocale';

/** The hero's last line: a link down to the first section. */
export function ScrollCue() {
  const { hero, about } = useLocale().catalogue.home;
  return (
    <a href={`#${about.id}`} className="home-hero__scroll">
      <span>{hero.scrollCue}</span>
      <Icon icon={ChevronDown} size={18} aria-hidden="true" />
    </a>
  );
}

import ChevronDown from 'lucide-react/icons/chevron-down';
import { useLocale } from '../useLocale';

/** The hero's last line: a link down to the first section. */
export function ScrollCue() {
  const { hero, about } = useLocale().catalogue.home;
  return (
    <a href={`#${about.id}`} className="home-hero__scroll">
      <span>{hero.scrollCue}</span>
      <ChevronDown size={18} aria-hidden="true" />
    </a>
  );
}

import type { IconNode } from 'lucide';
import type { SVGProps } from 'react';
import { createElement } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'width' | 'height'> & {
  /** The icon's shapes, as each `lucide/dist/esm/icons/<name>.mjs` module exports them. */
  icon: IconNode;
  size?: number;
};

/**
 * An icon of lucide's set, drawn as lucide draws it: a 24-unit grid of round
 * 2-unit strokes in the text's colour. Its shapes are plain data, so a chunk
 * carries only the paths it shows, and a hydrated form no icon renderer
 * (docs/decisions/024-icons-from-lucide-data.md). Hidden from
 * assistive technology unless given a label: the text beside it says it.
 */
export function Icon({ icon, size = 24, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={props['aria-label'] ? undefined : true}
      {...props}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}

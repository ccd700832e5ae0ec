// lucide's package types its index only; each icon's module is one icon's shapes.
declare module 'lucide/dist/esm/icons/*.mjs' {
  import type { IconNode } from 'lucide';
  const icon: IconNode;
  export default icon;
}

/** Header and footer links: one list each, read by the layout and its tests. */
export interface NavItem {
  label: string;
  to: string;
}

export const mainNav: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Services', to: '/services' },
  { label: 'Research', to: '/research' },
  { label: 'Blog', to: '/blog' },
  { label: 'Contact', to: '/contact' },
];

export const headerCta: NavItem = { label: 'Get Started', to: '/contact' };

export const footerColumns: readonly { title: string; links: readonly NavItem[] }[] = [
  {
    title: 'Services',
    links: [
      { label: 'Web Development', to: '/services' },
      { label: 'AI Voice Systems', to: '/services' },
      { label: 'Digital Marketing', to: '/services' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Research', to: '/research' },
      { label: 'Blog', to: '/blog' },
      { label: 'Contact', to: '/contact' },
    ],
  },
];

/** The spec's placeholders: shown, but they lead nowhere yet. */
export const legalPlaceholders: readonly string[] = ['Privacy Policy', 'Terms of Service'];

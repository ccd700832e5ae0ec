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

export const privacyPolicyLink: NavItem = { label: 'Privacy Policy', to: '/privacy' };

/** The footer's legal links, under the copyright line on every page. */
export const legalLinks: readonly NavItem[] = [privacyPolicyLink, { label: 'Terms of Service', to: '/terms' }];

/** Ends the one-line notice beside each form that takes personal data: "… Read our Privacy Policy." */
export const privacyNoticePrompt = 'Read our';

/** Header and footer links: one list each, read by the layout and its tests. */
import { links } from './data';

export interface NavItem {
  label: string;
  to: string;
}

export const mainNav: readonly NavItem[] = [
  { label: 'Home', to: links.home },
  { label: 'Services', to: links.services },
  { label: 'Research', to: links.research },
  { label: 'Blog', to: links.blog },
  { label: 'Contact', to: links.contact },
];

export const headerCta: NavItem = { label: 'Get Started', to: links.contact };

export const footerColumns: readonly { title: string; links: readonly NavItem[] }[] = [
  {
    title: 'Services',
    links: [
      { label: 'Web Development', to: links.services },
      { label: 'AI Voice Systems', to: links.services },
      { label: 'Digital Marketing', to: links.services },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'Research', to: links.research },
      { label: 'Blog', to: links.blog },
      { label: 'Contact', to: links.contact },
    ],
  },
];

export const privacyPolicyLink: NavItem = { label: 'Privacy Policy', to: links.privacy };

/** The footer's legal links, under the copyright line on every page. */
export const legalLinks: readonly NavItem[] = [privacyPolicyLink, { label: 'Terms of Service', to: links.terms }];

/** Ends the one-line notice beside each form that takes personal data: "… Read our Privacy Policy." */
export const privacyNoticePrompt = 'Read our';

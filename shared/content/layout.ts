/** The words of the frame around every page (skip link, header, menu, footer) and of the not-found page. */
import type { HeadText } from './head';
import { site } from './site';

export const layoutCopy = {
  skipLink: 'Skip to content',
  homeLabel: `${site.name}, home`,
  mainNavLabel: 'Main',
  mobileNavLabel: 'Mobile',
  menuButton: 'Menu',
  rights: 'All rights reserved.',
  ogImageAlt: `${site.name}: custom websites, AI voice systems and digital marketing`,
  feedTitle: `${site.name} blog`,
};

export const notFoundHead: HeadText = {
  title: 'Page Not Found | Meridian Lab',
  description:
    'The page you were looking for does not exist. Find our services, research, blog and contact details from the Meridian Lab home page.',
  keywords: ['page not found'],
};

export const notFoundCopy = {
  eyebrow: 'Error 404',
  title: 'Page not found',
  text: 'The page you were looking for does not exist or has moved.',
  home: 'Back to home',
  contact: 'Contact us',
};

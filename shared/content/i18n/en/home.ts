/** The English home page, gathered from shared/content/home.ts. */
import { homeAbout, homeCallToAction, homeHead, homeHero, homeServices, homeWhyChoose } from '../../home';

export const home = { head: homeHead, hero: homeHero, about: homeAbout, services: homeServices, whyChoose: homeWhyChoose, callToAction: homeCallToAction };

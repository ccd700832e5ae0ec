/** The English home page, gathered from shared/content/home.ts. */
import { homeAbout, homeCallToAction, homeHero, homeServices, homeWhyChoose } from '../../home';

export const home = { hero: homeHero, about: homeAbout, services: homeServices, whyChoose: homeWhyChoose, callToAction: homeCallToAction };

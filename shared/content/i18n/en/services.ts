/** The English services page, gathered from shared/content: its own texts, the add-ons, the plans' features, the process and the technologies. */
import { addOns } from '../../addons';
import { planFeatures } from '../../planFeatures';
import { processSteps } from '../../process';
import { servicesAddOns, servicesCta, servicesHead, servicesHero, servicesPlans, servicesProcess, servicesTechnologies } from '../../services';
import { technologyRoles } from '../../technologies';

export const services = {
  head: servicesHead,
  hero: servicesHero,
  plans: { ...servicesPlans, features: planFeatures },
  addOns: { ...servicesAddOns, items: addOns },
  process: { ...servicesProcess, steps: processSteps },
  technologies: { ...servicesTechnologies, roles: technologyRoles },
  cta: servicesCta,
};

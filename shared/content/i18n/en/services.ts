/** The English services page, gathered from shared/content/services.ts. */
import { servicesHead } from '../../services';

export const services = { head: servicesHead };

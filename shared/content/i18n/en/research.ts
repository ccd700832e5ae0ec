/** The English research page, gathered from shared/content/research.ts. */
import { researchHead } from '../../research';

export const research = { head: researchHead };

/**
 * The lab's legal identity (legal name, tax ID, domicile, postal address, privacy officer) from its LAB_* settings:
 * the legal pages the server renders quote it, and the browser asks for it when it navigates to one. The
 * newsletter's e-mails wait for all of it (server/newsletter/index.ts).
 */
import { Router } from 'express';

import { LEGAL_FACTS_PATH } from '../../shared/content/legalFacts';
import { serveLegalFacts } from '../../shared/model/legalBodies';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';

export function identity(site: Site): Feature {
  const { identity: facts } = site.config;
  serveLegalFacts(facts);
  const routes = Router();
  // What the settings give, no key for the rest; revalidated on each use, as a restart may change it.
  routes.get(LEGAL_FACTS_PATH, (_req, res) => res.set('Cache-Control', 'no-cache').json(facts));
  return { routes };
}

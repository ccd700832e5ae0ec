/**
 * The lab's legal identity (legal name, tax ID, domicile, postal address, privacy officer) from its LAB_* settings:
 * the legal pages the server renders quote it, and the browser asks for it when it navigates to one. While any is
 * missing, the console's top bar says so on every page and the start logs one error line; the newsletter's e-mails
 * wait for it (server/newsletter/index.ts).
 */
import { Router } from 'express';

import { LEGAL_FACTS_PATH } from '../../shared/content/legalFacts';
import { serveLegalFacts } from '../../shared/model/legalBodies';
import type { AppConfig } from '../config';
import { missingIdentity } from '../config';
import type { ConsoleAlert } from '../console/kit/ConsoleDocument';
import type { Logger } from '../http/logger';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { identityTexts } from './texts';

export function identity(site: Site): Feature & { alerts: readonly ConsoleAlert[] } {
  const { identity: facts } = site.config;
  serveLegalFacts(facts);
  const routes = Router();
  // What the settings give, no key for the rest; revalidated on each use, as a restart may change it.
  routes.get(LEGAL_FACTS_PATH, (_req, res) => res.set('Cache-Control', 'no-cache').json(facts));
  const missing = missingIdentity(facts);
  return { routes, alerts: missing.length ? [identityTexts.alert(missing)] : [] };
}

/** Says at start, once, which settings of the identity are missing: an error, since the site cannot launch so. */
export function reportMissingIdentity(config: AppConfig, logger: Logger): void {
  const missing = missingIdentity(config.identity);
  if (missing.length) logger.error({ missing }, identityTexts.startLine);
}

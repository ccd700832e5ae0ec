/**
 * The public forms' guard (decision 073): a page token and a proof of work, layered checks with a score, and a
 * quarantine that mails nobody. A form adopts it in one line of its front door, `guard.protect(form, deliver)`,
 * and one call in its route: `if (await guarded.held(req, submission)) return answerAsUsual()`.
 */
import type { GuardedForm } from '../../shared/lib/formGuard';
import type { Feature } from '../site/feature';
import type { Site } from '../site/services';
import { guardSettingsSection, quarantineSection } from './consoleRoutes';
import type { FormGuard } from './guard';
import { createGuard } from './guard';
import { heldBatches } from './heldBatches';
import type { MailDomainCheck } from './mailDomain';
import { mailDomains } from './mailDomain';
import { proofs as createProofs } from './proof';
import { quarantineStore } from './quarantine';
import { proofRoutes } from './routes';
import { DEFAULT_GUARD_SETTINGS } from './settings';

export type { FormGuard } from './guard';

export interface FormGuarding {
  /** A form's guard; `deliver` is what "not spam" in the console runs with what was held, as at its arrival. */
  protect<T>(form: GuardedForm, deliver: (payload: T) => Promise<void>): FormGuard<T>;
}

/** The guard and what it brings: the challenge route, the quarantine (sales) and the settings (owners). */
export function formGuard(site: Site, options: { mailDomain?: MailDomainCheck } = {}): Feature & FormGuarding {
  const { db, logger, config, formTokens: tokens, counters, afterAnswer } = site;
  const quarantine = quarantineStore(db);
  const proofs = createProofs(db);
  const mailDomain = options.mailDomain ?? (config.mailDomainCheck ? mailDomains() : undefined);
  // The least time from page to post may be set for the whole site (browser tests post as fast as they type).
  const defaults = {
    ...DEFAULT_GUARD_SETTINGS,
    minSeconds: config.formMinSeconds ?? DEFAULT_GUARD_SETTINGS.minSeconds,
  };
  const held = heldBatches(quarantine, afterAnswer);
  const guard = createGuard({ db, logger, tokens, proofs, held, mailDomain, defaults });
  const deliverers = new Map<GuardedForm, (payload: unknown) => Promise<void>>();
  return {
    protect<T>(form: GuardedForm, deliver: (payload: T) => Promise<void>) {
      deliverers.set(form, deliver as (payload: unknown) => Promise<void>);
      return guard.form<T>(form);
    },
    routes: proofRoutes({ proofs, tokens, settings: guard.settings, counters }),
    console: [quarantineSection(db, quarantine, deliverers, logger), guardSettingsSection(db, defaults, guard.forget)],
  };
}

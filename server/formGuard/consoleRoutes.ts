import type { Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { GuardedForm } from '../../shared/lib/formGuard';
import { recordAudit } from '../console/audit/record';
import type { ConsoleSection } from '../console/console';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import type { Database } from '../db';
import { readBody } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import type { HeldItem, QuarantineStore } from './quarantine';
import type { GuardSettings } from './settings';
import { GUARD_SETTING_NAMES, readGuardSettings, saveGuardSettings, SETTING_MAX } from './settings';
import { guardSettingsNav, quarantineNav, quarantineNotices } from './texts';
import { GuardSettingsPage } from './views/GuardSettingsPage';
import { QuarantinePage } from './views/QuarantinePage';

/** Items the page lists at most, the newest first; a flood is deleted by the retention job or one by one. */
const LISTED = 200;

/** How each form delivers what was held: as if it had just arrived. */
export type Deliverers = ReadonlyMap<GuardedForm, (payload: unknown) => Promise<void>>;

const itemId = (raw: unknown): number | null =>
  typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : null;

/**
 * The quarantine for sales and owners (decision 073): the list, "not spam" and delete, each of these two written
 * to the audit log with the item and its form, never what it says or its address.
 */
export const quarantineSection = (
  db: Database,
  quarantine: QuarantineStore,
  deliverers: Deliverers,
  logger: Logger,
): ConsoleSection => ({
  nav: quarantineNav,
  roles: ['owner', 'sales'],
  routes: ({ assets, guardPost }) => {
    const router = Router();
    const audit = (res: Response, item: HeldItem, action: 'quarantine.deliver' | 'quarantine.delete') =>
      recordAudit(db, {
        actor: consoleUser(res).email,
        action,
        object: `held post ${item.id}`,
        detail: `${item.form} form`,
      });
    router.get('/staff/quarantine', async (req, res) => {
      const done = noticeNamed(quarantineNotices, req.query.done);
      const { items, total } = await quarantine.list(LISTED);
      const notice =
        done === undefined
          ? undefined
          : { tone: req.query.done === 'failed' ? ('error' as const) : ('success' as const), text: done };
      sendPage(
        res,
        200,
        createElement(QuarantinePage, { assets: assets(), user: consoleUser(res), items, total, notice }),
      );
    });
    router.post('/staff/quarantine/:id/deliver', ...guardPost(), async (req, res) => {
      const id = itemId(req.params.id);
      const item = id === null ? undefined : await quarantine.take(id);
      if (!item) return res.redirect(303, '/staff/quarantine');
      const deliver = deliverers.get(item.form);
      try {
        if (!deliver) throw new Error(`No delivery for the ${item.form} form`);
        await deliver(item.payload);
      } catch (error) {
        // Nothing typed is lost: the item goes back, to be tried again.
        logger.error({ err: error, form: item.form }, 'quarantined post not delivered');
        await quarantine.hold(item);
        return res.redirect(303, '/staff/quarantine?done=failed');
      }
      await audit(res, item, 'quarantine.deliver');
      res.redirect(303, '/staff/quarantine?done=delivered');
    });
    router.post('/staff/quarantine/:id/delete', ...guardPost(), async (req, res) => {
      const id = itemId(req.params.id);
      const item = id === null ? undefined : await quarantine.take(id);
      if (item) await audit(res, item, 'quarantine.delete');
      res.redirect(303, '/staff/quarantine?done=deleted');
    });
    return router;
  },
});

/** The submitted settings, each a whole number in range; undefined when one is not. */
function submitted(fields: Record<string, string>): GuardSettings | undefined {
  const settings: Partial<GuardSettings> = {};
  for (const name of GUARD_SETTING_NAMES) {
    const raw = fields[name]?.trim() ?? '';
    if (!/^\d{1,7}$/.test(raw) || Number(raw) > SETTING_MAX) return undefined;
    settings[name] = Number(raw);
  }
  return settings as GuardSettings;
}

/** The owners' page of the checks' thresholds and weights (decision 073). */
export const guardSettingsSection = (db: Database, defaults: GuardSettings, changed: () => void): ConsoleSection => ({
  nav: guardSettingsNav,
  roles: ['owner'],
  routes: ({ assets, guardPost }) => {
    const router = Router();
    const show = async (res: Parameters<typeof consoleUser>[0], status: number, saved: boolean) =>
      sendPage(
        res,
        status,
        createElement(GuardSettingsPage, {
          assets: assets(),
          user: consoleUser(res),
          settings: await readGuardSettings(db, defaults),
          saved,
        }),
      );
    router.get('/staff/form-checks', (req, res) => show(res, 200, req.query.saved === '1'));
    router.post('/staff/form-checks', ...guardPost(), async (req, res) => {
      const body = readBody(req, res);
      const settings = body.ok ? submitted(textFields(body.fields)) : undefined;
      // The browser's own checks (whole numbers, in range) keep a person from this answer.
      if (!settings) return show(res, 400, false);
      const before = await readGuardSettings(db, defaults);
      await saveGuardSettings(db, settings);
      changed();
      const detail = GUARD_SETTING_NAMES.filter((name) => before[name] !== settings[name])
        .map((name) => `${name} ${before[name]} → ${settings[name]}`)
        .join(', ');
      await recordAudit(db, { actor: consoleUser(res).email, action: 'setting.change', object: 'form checks', detail });
      res.redirect(303, '/staff/form-checks?saved=1');
    });
    return router;
  },
});

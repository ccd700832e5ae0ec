/** The owners' Bookings section (decision 082): the intro call's settings, each change in the audit log. */
import { Router } from 'express';
import { createElement } from 'react';

import { recordAudit } from '../console/audit/record';
import { consoleUser, sendPage, textFields } from '../console/page';
import type { ConsoleSection } from '../console/section';
import type { Database } from '../db';
import { readBody } from '../http/formEndpoint';
import { checkSettings, readSettings, writeSettings } from './settings';
import { settingsFields, SettingsPage } from './views/SettingsPage';

export const bookingSection = (db: Database): ConsoleSection => ({
  nav: { key: 'bookings', href: '/staff/bookings/settings', label: 'Bookings' },
  roles: ['owner'],
  routes: ({ assets, guardPost }) => {
    const router = Router();
    router.get('/staff/bookings/settings', async (req, res) => {
      const fields = settingsFields(await readSettings(db));
      const page = { assets: assets(), user: consoleUser(res), fields, problems: [], saved: req.query.saved === '1' };
      sendPage(res, 200, createElement(SettingsPage, page));
    });
    router.post('/staff/bookings/settings', ...guardPost(), async (req, res) => {
      const body = readBody(req, res);
      const fields = textFields(body.ok ? body.fields : undefined);
      const checked = checkSettings(fields);
      if (checked.problems) {
        const page = { assets: assets(), user: consoleUser(res), fields, problems: checked.problems, saved: false };
        sendPage(res, 400, createElement(SettingsPage, page));
        return;
      }
      await db.transaction(async (tx) => {
        await writeSettings(tx, checked.settings);
        await recordAudit(tx, {
          ...{ actor: consoleUser(res).email, action: 'setting.change', object: 'intro call' },
          detail: JSON.stringify(checked.settings),
        });
      });
      res.redirect(303, '/staff/bookings/settings?saved=1');
    });
    return router;
  },
});

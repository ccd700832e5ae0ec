/** The owners' console page where the lab sets how a new lead gets its owner (decision 081). */
import type { Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import { recordAudit } from '../console/audit/record';
import type { ConsoleSection, ConsoleSectionTools } from '../console/console';
import { noticeNamed } from '../console/notices';
import { consoleUser, sendPage, textFields } from '../console/page';
import type { Database } from '../db';
import { readBody } from '../http/formEndpoint';
import type { AssignmentRule } from './assignmentRule';
import { ASSIGNMENT_RULES, readAssignmentRule, ruleWords, writeAssignmentRule } from './assignmentRule';
import { possibleOwners } from './consoleRoutes';
import { assignmentCopy, assignmentNav } from './consoleTexts';
import { AssignmentPage } from './views/AssignmentPage';

const isRuleName = (value: string): value is AssignmentRule['rule'] =>
  (ASSIGNMENT_RULES as readonly string[]).includes(value);

function assignmentRoutes(db: Database, { assets, guardPost }: ConsoleSectionTools): Router {
  const router = Router();
  const show = async (
    res: Response,
    status: number,
    shown: { rule: string; person: string; saved?: string; problems?: string[] },
  ) =>
    sendPage(
      res,
      status,
      createElement(AssignmentPage, {
        ...{ assets: assets(), user: consoleUser(res), owners: await possibleOwners(db) },
        ...{ problems: [], ...shown },
      }),
    );

  router.get('/staff/assignment', async (req: Request, res: Response) => {
    const rule = await readAssignmentRule(db);
    const saved = noticeNamed({ rule: assignmentCopy.saved }, req.query.saved);
    await show(res, 200, { rule: rule.rule, person: rule.rule === 'fixed' ? rule.person : '', saved });
  });

  router.post('/staff/assignment', ...guardPost(), async (req: Request, res: Response) => {
    const body = readBody(req, res);
    const fields = textFields(body.ok ? body.fields : undefined);
    const rule = fields.rule ?? '';
    const person = (fields.person ?? '').trim().toLowerCase();
    // What was chosen comes back with the reason when it is refused.
    if (!isRuleName(rule)) {
      await show(res, 400, { rule, person, problems: [assignmentCopy.unknownRule] });
      return;
    }
    const owner = (await possibleOwners(db)).find((candidate) => candidate.email.toLowerCase() === person);
    if (rule === 'fixed' && !owner) {
      await show(res, 400, { rule, person, problems: [assignmentCopy.personMissing] });
      return;
    }
    const chosen: AssignmentRule = rule === 'fixed' ? { rule, person: owner!.email } : { rule };
    await db.transaction(async (tx) => {
      await writeAssignmentRule(tx, chosen);
      await recordAudit(tx, {
        ...{ actor: consoleUser(res).email, action: 'setting.change', object: 'lead assignment rule' },
        detail: ruleWords(chosen),
      });
    });
    res.redirect(303, '/staff/assignment?saved=rule');
  });
  return router;
}

/** Owners only: the rule decides who works every lead. */
export const assignmentSection = (db: Database): ConsoleSection => ({
  nav: assignmentNav,
  roles: ['owner'],
  routes: (tools) => assignmentRoutes(db, tools),
});

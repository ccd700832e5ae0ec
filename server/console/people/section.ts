import type { Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import { readBody } from '../../http/formEndpoint';
import type { StaffAccount } from '../accounts';
import { createAccountStore } from '../accounts';
import { recordAudit } from '../audit/record';
import { noticeNamed } from '../notices';
import { consoleUser, sendPage, textFields } from '../page';
import type { ConsoleSection, ConsoleSectionTools } from '../section';
import { SESSION_ID } from '../sessionRoutes';
import { createSessionStore } from '../sessions';
import type { TwoFactorStore } from '../twoFactor/store';
import type { ProfileFields, StaffProfile } from './profile';
import { checkProfile, profileFields } from './profile';
import { peopleCopy, peopleNav } from './texts';
import { PeoplePage } from './views/PeoplePage';
import { PersonPage } from './views/PersonPage';

const notices = { saved: peopleCopy.saved, reset: peopleCopy.twoFactorReset, ended: peopleCopy.sessionEnded } as const;
const listNotices = { required: peopleCopy.required, optional: peopleCopy.optional } as const;

function peopleRoutes(
  db: Database,
  twoFactor: TwoFactorStore,
  { assets, guardPost, renderNotFound }: ConsoleSectionTools,
): Router {
  const accounts = createAccountStore(db);
  const sessions = createSessionStore(db);
  const router = Router();

  const personOf = async (req: Request): Promise<StaffAccount | undefined> => {
    const id = /^[1-9]\d{0,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    return (await accounts.list()).find((account) => account.id === id);
  };
  const showPerson = async (
    res: Response,
    status: number,
    person: StaffAccount,
    form: { fields?: ProfileFields; problems?: readonly string[]; saved?: string } = {},
  ) =>
    sendPage(
      res,
      status,
      createElement(PersonPage, {
        assets: assets(),
        user: consoleUser(res),
        person,
        fields: form.fields ?? profileFields(person),
        problems: form.problems ?? [],
        saved: form.saved,
        twoFactorOn: (await twoFactor.status(person.id)).on,
        self: person.id === res.locals.staffSession!.accountId,
        sessions: await sessions.list(person.id),
      }),
    );

  router.get('/staff/people', async (req, res) => {
    sendPage(
      res,
      200,
      createElement(PeoplePage, {
        assets: assets(),
        user: consoleUser(res),
        people: await accounts.list(),
        withTwoFactor: await twoFactor.accountsWithIt(),
        required: await twoFactor.required(),
        saved: noticeNamed(listNotices, req.query.saved),
      }),
    );
  });

  // Two factors for everyone (decision 071): asked of each person at their next sign-in.
  router.post('/staff/people/two-factor', ...guardPost(), async (req, res) => {
    const body = readBody(req, res);
    const required = textFields(body.ok ? body.fields : undefined).required === 'on';
    await twoFactor.setRequired(required);
    await recordAudit(db, {
      ...{ actor: consoleUser(res).email, action: 'setting.change', object: 'two-factor requirement' },
      detail: required ? 'required of everyone' : 'optional',
    });
    res.redirect(303, `/staff/people?saved=${required ? 'required' : 'optional'}`);
  });

  // For a person who lost their phone and their recovery codes: they sign in with the password alone, or set up anew.
  router.post('/staff/people/:id/two-factor/reset', ...guardPost(), async (req, res) => {
    const person = await personOf(req);
    if (!person) renderNotFound(res, peopleCopy.notFound);
    else if (person.id === res.locals.staffSession!.accountId)
      await showPerson(res, 409, person, { problems: [peopleCopy.resetOwn] });
    else {
      await twoFactor.remove(person.id);
      await recordAudit(db, {
        ...{ actor: consoleUser(res).email, action: 'two-factor', object: `person ${person.id}` },
        detail: 'reset by an owner',
      });
      res.redirect(303, `/staff/people/${person.id}?saved=reset`);
    }
  });

  router.get('/staff/people/:id', async (req, res) => {
    const person = await personOf(req);
    if (!person) renderNotFound(res, peopleCopy.notFound);
    else await showPerson(res, 200, person, { saved: noticeNamed(notices, req.query.saved) });
  });

  router.post('/staff/people/:id', ...guardPost(), async (req, res) => {
    const person = await personOf(req);
    if (!person) {
      renderNotFound(res, peopleCopy.notFound);
      return;
    }
    const body = readBody(req, res);
    const fields = textFields(body.ok ? body.fields : undefined);
    const checked = checkProfile(fields);
    // A refused form comes back with what was typed, and says what to change.
    if (checked.problems) {
      await showPerson(res, 400, person, { fields, problems: checked.problems });
      return;
    }
    const outcome = await accounts.update(person.id, checked.profile);
    if (outcome === 'missing') renderNotFound(res, peopleCopy.notFound);
    else if (outcome === 'last owner') await showPerson(res, 409, person, { fields, problems: [peopleCopy.lastOwner] });
    else {
      await recordProfileChange(db, consoleUser(res).email, person, checked.profile);
      res.redirect(303, `/staff/people/${person.id}?saved=saved`);
    }
  });

  // An owner ends anyone's session from their page (decision 072).
  router.post('/staff/people/:id/sessions/:session/end', ...guardPost(), async (req, res) => {
    const person = await personOf(req);
    const id = String(req.params.session);
    if (!person) {
      renderNotFound(res, peopleCopy.notFound);
      return;
    }
    const ended = SESSION_ID.test(id) && (await sessions.endOne(person.id, id));
    if (ended)
      await recordAudit(db, {
        actor: consoleUser(res).email,
        action: 'session.end',
        object: `person ${person.id}`,
        detail: 'by an owner',
      });
    res.redirect(303, `/staff/people/${person.id}${ended ? '?saved=ended' : ''}`);
  });

  return router;
}

/** The role change, and which profile fields changed, in the audit log: never their values but the role's. */
async function recordProfileChange(db: Database, actor: string, before: StaffAccount, after: StaffProfile) {
  const object = `person ${before.id}`;
  if (after.role !== before.role)
    await recordAudit(db, { actor, action: 'role.change', object, detail: `${before.role} → ${after.role}` });
  const changed = (['name', 'office', 'languages', 'timeZone', 'hours'] as const).filter(
    (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  if (changed.length > 0)
    await recordAudit(db, { actor, action: 'profile.change', object, detail: changed.join(', ') });
}

/** The console's People section: owners alone see the staff and give roles (decision 069). */
export const peopleSection = (db: Database, twoFactor: TwoFactorStore): ConsoleSection => ({
  nav: peopleNav,
  roles: ['owner'],
  routes: (tools) => peopleRoutes(db, twoFactor, tools),
});

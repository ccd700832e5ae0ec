import type { Request, Response } from 'express';
import { Router } from 'express';
import { createElement } from 'react';

import type { Database } from '../../db';
import { readBody } from '../../http/formEndpoint';
import type { OutboxStore } from '../../outbox/store';
import { queueInvitation, staffEmail } from '../access/invitations';
import { inviteCopy } from '../access/texts';
import type { StaffAccount } from '../accounts';
import { createAccountStore, inviteIn } from '../accounts';
import { recordAudit } from '../audit/record';
import { noticeNamed } from '../notices';
import { consoleUser, sendPage, textFields } from '../page';
import { checkedRecently } from '../recentCheck';
import type { ConsoleSection, ConsoleSectionTools } from '../section';
import { SESSION_ID } from '../sessionRoutes';
import { createSessionStore } from '../sessions';
import type { TwoFactorStore } from '../twoFactor/store';
import type { ProfileFields, StaffProfile } from './profile';
import { checkProfile, profileFields } from './profile';
import { peopleCopy, peopleNav } from './texts';
import { PeoplePage } from './views/PeoplePage';
import { PersonPage } from './views/PersonPage';

const notices = {
  saved: peopleCopy.saved,
  reset: peopleCopy.twoFactorReset,
  ended: peopleCopy.sessionEnded,
  resent: inviteCopy.resent,
  notInvited: inviteCopy.notInvited,
} as const;
const listNotices = { required: peopleCopy.required, optional: peopleCopy.optional } as const;

/** What the People section needs beyond the console's tools: the outbox its invitations go through, two factors. */
interface PeopleOptions {
  db: Database;
  outbox: OutboxStore;
  wakeOutbox: () => void;
  siteUrl: string;
  twoFactor: TwoFactorStore;
}

function peopleRoutes(options: PeopleOptions, tools: ConsoleSectionTools): Router {
  const { db, wakeOutbox, twoFactor } = options;
  const { assets, guardPost, renderNotFound, recentCheck, askForCheck } = tools;
  const accounts = createAccountStore(db);
  const sessions = createSessionStore(db);
  const router = Router();
  const fieldsOf = (req: Request, res: Response) => {
    const body = readBody(req, res);
    return textFields(body.ok ? body.fields : undefined);
  };
  const showPeople = async (
    res: Response,
    status: number,
    form: { fields?: ProfileFields; problems?: readonly string[]; sent?: string; saved?: string } = {},
  ) =>
    sendPage(
      res,
      status,
      createElement(PeoplePage, {
        assets: assets(),
        user: consoleUser(res),
        people: await accounts.list(),
        withTwoFactor: await twoFactor.accountsWithIt(),
        required: await twoFactor.required(),
        fields: form.fields ?? {},
        problems: form.problems ?? [],
        sent: form.sent,
        saved: form.saved,
      }),
    );

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
    // The notice names the address the database holds for the id, never text from the URL.
    const invited = (await accounts.list()).find((account) => String(account.id) === req.query.invited);
    await showPeople(res, 200, {
      sent: invited && inviteCopy.sent(invited.email),
      saved: noticeNamed(listNotices, req.query.saved),
    });
  });

  // An invitation gives a role: like changing one, it asks for a fresh check (decision 070).
  router.post('/staff/people', ...guardPost(), recentCheck, async (req, res) => {
    const fields = fieldsOf(req, res);
    const email = staffEmail(fields.email ?? '');
    const checked = checkProfile(fields);
    if (!email || checked.problems) {
      const problems = [...(email ? [] : [inviteCopy.badEmail]), ...(checked.problems ?? [])];
      await showPeople(res, 400, { fields, problems });
      return;
    }
    const by = res.locals.staffSession!.name;
    const actor = consoleUser(res).email;
    const at = new Date();
    const id = await db.transaction(async (tx) => {
      const invitee = await inviteIn(tx, email, checked.profile, at);
      if (invitee !== undefined) {
        await queueInvitation(tx, options, { ...checked.profile, id: invitee, email }, by, at);
        await recordAudit(tx, {
          actor,
          action: 'invitation',
          object: `person ${invitee}`,
          detail: checked.profile.role,
        });
      }
      return invitee;
    });
    if (id === undefined) {
      await showPeople(res, 409, { fields, problems: [inviteCopy.exists] });
      return;
    }
    wakeOutbox();
    res.redirect(303, `/staff/people?invited=${id}`);
  });

  router.post('/staff/people/:id/invite', ...guardPost(), recentCheck, async (req, res) => {
    const person = await personOf(req);
    if (!person) {
      renderNotFound(res, peopleCopy.notFound);
      return;
    }
    if (!person.invitedAt) {
      res.redirect(303, `/staff/people/${person.id}?saved=notInvited`);
      return;
    }
    const by = res.locals.staffSession!.name;
    const actor = consoleUser(res).email;
    await db.transaction(async (tx) => {
      await queueInvitation(tx, options, person, by, new Date());
      await recordAudit(tx, { actor, action: 'invitation', object: `person ${person.id}`, detail: 'sent again' });
    });
    wakeOutbox();
    res.redirect(303, `/staff/people/${person.id}?saved=resent`);
  });

  // Two factors for everyone (decision 071): asked of each person at their next sign-in.
  router.post('/staff/people/two-factor', ...guardPost(), async (req, res) => {
    const required = fieldsOf(req, res).required === 'on';
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
    const fields = fieldsOf(req, res);
    const checked = checkProfile(fields);
    // A refused form comes back with what was typed, and says what to change.
    if (checked.problems) {
      await showPerson(res, 400, person, { fields, problems: checked.problems });
      return;
    }
    // Giving a role asks for a fresh check; the rest of a profile does not (decision 070).
    if (checked.profile.role !== person.role && !checkedRecently(res.locals.staffSession!)) {
      askForCheck(req, res);
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

/** The console's People section: owners alone see the staff, invite them and give roles (decisions 069, 070). */
export const peopleSection = (options: PeopleOptions): ConsoleSection => ({
  nav: peopleNav,
  roles: ['owner'],
  routes: (tools) => peopleRoutes(options, tools),
});

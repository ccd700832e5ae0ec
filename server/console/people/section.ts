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
import { noticeNamed } from '../notices';
import { consoleUser, sendPage, textFields } from '../page';
import { checkedRecently } from '../recentCheck';
import type { ConsoleSection, ConsoleSectionTools } from '../section';
import type { ProfileFields } from './profile';
import { checkProfile, profileFields } from './profile';
import { peopleCopy, peopleNav } from './texts';
import { PeoplePage } from './views/PeoplePage';
import { PersonPage } from './views/PersonPage';

const notices = { saved: peopleCopy.saved, resent: inviteCopy.resent, notInvited: inviteCopy.notInvited } as const;

/** What the People section needs beyond the console's tools: the outbox its invitations go through. */
interface PeopleOptions {
  db: Database;
  outbox: OutboxStore;
  wakeOutbox: () => void;
  siteUrl: string;
}

function peopleRoutes(options: PeopleOptions, tools: ConsoleSectionTools): Router {
  const { db, wakeOutbox } = options;
  const { assets, guardPost, renderNotFound, recentCheck, askForCheck } = tools;
  const accounts = createAccountStore(db);
  const router = Router();
  const fieldsOf = (req: Request, res: Response) => {
    const body = readBody(req, res);
    return textFields(body.ok ? body.fields : undefined);
  };
  const showPeople = async (
    res: Response,
    status: number,
    form: { fields?: ProfileFields; problems?: readonly string[]; sent?: string } = {},
  ) =>
    sendPage(
      res,
      status,
      createElement(PeoplePage, {
        assets: assets(),
        user: consoleUser(res),
        people: await accounts.list(),
        fields: form.fields ?? {},
        problems: form.problems ?? [],
        sent: form.sent,
      }),
    );

  const personOf = async (req: Request): Promise<StaffAccount | undefined> => {
    const id = /^[1-9]\d{0,9}$/.test(String(req.params.id)) ? Number(req.params.id) : 0;
    return (await accounts.list()).find((account) => account.id === id);
  };
  const showPerson = (
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
      }),
    );

  router.get('/staff/people', async (req, res) => {
    // The notice names the address the database holds for the id, never text from the URL.
    const invited = (await accounts.list()).find((account) => String(account.id) === req.query.invited);
    await showPeople(res, 200, { sent: invited && inviteCopy.sent(invited.email) });
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
    const at = new Date();
    const id = await db.transaction(async (tx) => {
      const invitee = await inviteIn(tx, email, checked.profile, at);
      if (invitee !== undefined) await queueInvitation(tx, options, { ...checked.profile, id: invitee, email }, by, at);
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
    await db.transaction((tx) => queueInvitation(tx, options, person, by, new Date()));
    wakeOutbox();
    res.redirect(303, `/staff/people/${person.id}?saved=resent`);
  });

  router.get('/staff/people/:id', async (req, res) => {
    const person = await personOf(req);
    if (!person) renderNotFound(res, peopleCopy.notFound);
    else showPerson(res, 200, person, { saved: noticeNamed(notices, req.query.saved) });
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
      showPerson(res, 400, person, { fields, problems: checked.problems });
      return;
    }
    // Giving a role asks for a fresh check; the rest of a profile does not (decision 070).
    if (checked.profile.role !== person.role && !checkedRecently(res.locals.staffSession!)) {
      askForCheck(req, res);
      return;
    }
    const outcome = await accounts.update(person.id, checked.profile);
    if (outcome === 'missing') renderNotFound(res, peopleCopy.notFound);
    else if (outcome === 'last owner') showPerson(res, 409, person, { fields, problems: [peopleCopy.lastOwner] });
    else res.redirect(303, `/staff/people/${person.id}?saved=saved`);
  });

  return router;
}

/** The console's People section: owners alone see the staff, invite them and give roles (decisions 069, 070). */
export const peopleSection = (options: PeopleOptions): ConsoleSection => ({
  nav: peopleNav,
  roles: ['owner'],
  routes: (tools) => peopleRoutes(options, tools),
});

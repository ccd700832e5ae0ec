import { describe, expect, it } from 'vitest';

import { completeIdentity } from '../../server/config';
import type { Queryable } from '../../server/db';
import { confirmationHooks, signUpMessages } from '../../server/newsletter/messages';
import { siteFacts } from '../../shared/content/data';
import { locales } from '../../shared/lib/locale';
import { testConfig } from '../support/helpers';
import { TEST_IDENTITY } from '../support/serverCommand';

const SITE = 'https://meridianlab.example';
const lab = completeIdentity(testConfig().identity)!;
/** The subscriber's row as the hook reads it: its link still works (tests/platform/stores.pg.test.ts revokes it). */
const liveLink = { get: async () => ({ link: 'hash' }) } as unknown as Queryable;

/** The confirmation as a sign-up stores it in the outbox. */
const storedIn = (locale: (typeof locales)[number]) => {
  const [message] = signUpMessages(SITE)({
    subscriberId: 1,
    email: 'reader@example.com',
    locale,
    confirmToken: 'confirm-token',
    unsubscribeToken: 'unsubscribe-token',
  });
  if (!message || !('mail' in message)) throw new Error('a sign-up sends one e-mail');
  return message;
};

/** The confirmation as the outbox sends it: composed at its turn with the lab's identity from the settings. */
const mailIn = async (locale: (typeof locales)[number]) => {
  const { kind, mail, secret } = storedIn(locale);
  const composed = await confirmationHooks(liveLink, lab)[kind]!.compose!({
    id: 1,
    kind,
    payload: { mail, secret },
    messageId: '<1@meridianlab.example>',
    attempts: 0,
    subscriberId: 1,
    leaseUntil: new Date().toISOString(),
  });
  if (!('payload' in composed) || !('mail' in composed.payload)) throw new Error('a confirmation is always sent');
  return composed.payload.mail;
};

describe.each(locales)('the newsletter confirmation e-mail in %s', (locale) => {
  it('identifies its sender with the legal name, postal address and a contact, and carries an unsubscribe link (CASL, CAN-SPAM)', async () => {
    const { text, headers } = await mailIn(locale);
    expect(text).toContain(
      `${siteFacts.name} (${TEST_IDENTITY.LAB_LEGAL_NAME})\n${TEST_IDENTITY.LAB_POSTAL_ADDRESS}\n`,
    );
    expect(text).toContain(siteFacts.email);
    const unsubscribe = /<(https:\/\/[^>]+)>/.exec(headers!['List-Unsubscribe']!)![1]!;
    expect(unsubscribe).toContain('token=unsubscribe-token');
    expect(text).toContain(unsubscribe);
  });

  it('takes the legal name and postal address at its sending, not at the sign-up: a sign-up before they were set gets them', () => {
    const { text } = storedIn(locale).mail;
    expect(text).not.toContain(TEST_IDENTITY.LAB_LEGAL_NAME);
    expect(text).not.toContain(TEST_IDENTITY.LAB_POSTAL_ADDRESS);
  });

  it('asks for the button on the page, not just the link, and says what to do if it was not the reader', async () => {
    const { text } = await mailIn(locale);
    expect(text).toMatch(locale === 'en' ? /press "Confirm my subscription"/ : /oprima «Confirmar mi suscripción»/);
    expect(text).toMatch(locale === 'en' ? /Not you\?/ : /¿No fue usted\?/);
  });

  it('promises no more than is kept: no listing without the confirmation, but a new sign-up of the address asks again', async () => {
    const { text } = await mailIn(locale);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(
      locale === 'en'
        ? 'without your confirmation we will not add you to the list. If someone signs this address up again, you may get one more request like this one.'
        : 'sin su confirmación no lo agregaremos a la lista. Si alguien vuelve a inscribir esta dirección, puede recibir otra solicitud como esta.',
    );
    expect(flat).not.toMatch(/will not write to you again|no volveremos a escribirle/);
  });
});

it('the Spanish e-mail opens without the calque "Alguien, ojalá usted"', async () => {
  const { text } = await mailIn('es');
  expect(text).toContain('Recibimos una solicitud para enviar a esta dirección los artículos nuevos de Meridian Lab.');
  expect(text).not.toContain('ojalá');
});

import { describe, expect, it } from 'vitest';

import { signUpMessages } from '../../server/newsletter/messages';
import { legalFacts, siteFacts } from '../../shared/content/data';
import { locales } from '../../shared/lib/locale';

const SITE = 'https://meridianlab.example';

const mailIn = (locale: (typeof locales)[number]) => {
  const [message] = signUpMessages(SITE)({
    subscriberId: 1,
    email: 'reader@example.com',
    locale,
    confirmToken: 'confirm-token',
    unsubscribeToken: 'unsubscribe-token',
  });
  if (!message || !('mail' in message)) throw new Error('a sign-up sends one e-mail');
  return message.mail;
};

describe.each(locales)('the newsletter confirmation e-mail in %s', (locale) => {
  it('identifies its sender with the legal name, postal address and a contact, and carries an unsubscribe link (CASL, CAN-SPAM)', () => {
    const { text, headers } = mailIn(locale);
    expect(text).toContain(legalFacts.legalName);
    expect(text).toContain(legalFacts.postalAddress);
    expect(text).toContain(siteFacts.email);
    const unsubscribe = /<(https:\/\/[^>]+)>/.exec(headers!['List-Unsubscribe']!)![1]!;
    expect(unsubscribe).toContain('token=unsubscribe-token');
    expect(text).toContain(unsubscribe);
  });

  it('asks for the button on the page, not just the link, and says what to do if it was not the reader', () => {
    const { text } = mailIn(locale);
    expect(text).toMatch(locale === 'en' ? /press "Confirm my subscription"/ : /oprima «Confirmar mi suscripción»/);
    expect(text).toMatch(locale === 'en' ? /Not you\?/ : /¿No fue usted\?/);
  });
});

it('the Spanish e-mail opens without the calque "Alguien, ojalá usted"', () => {
  expect(mailIn('es').text).toContain(
    'Recibimos una solicitud para enviar a esta dirección los artículos nuevos de Meridian Lab.',
  );
  expect(mailIn('es').text).not.toContain('ojalá');
});

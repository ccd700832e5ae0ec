import type { Page } from '@playwright/test';

import type { Locale } from '../../shared/lib/locale';
import { locales } from '../../shared/lib/locale';
import { HONEYPOT_FIELD, SEND_DURATION_MS } from '../../shared/model/contactForm';
import { violations } from '../support/browser/axe';
import { expect, gotoHydrated, test } from '../support/browser/fixtures';
import { AXE_WIDTHS } from '../support/browser/widths';

const SUCCESS = "Thank you for your message! We'll get back to you within 24 hours.";

const visitor = {
  name: 'Ana Gómez',
  email: 'ana@example.com',
  company: 'Acme Clinics',
  phone: '+57 300 555 0101',
  service: 'ai-voice-systems',
  message: 'We would like an AI receptionist for our three clinics.',
};

/** The form's labels in each language. */
const labels = {
  en: {
    name: 'Full Name',
    email: 'Email Address',
    company: 'Company/Organization',
    phone: 'Phone Number',
    service: 'Service of Interest',
    message: 'Message',
  },
  es: {
    name: 'Nombre completo',
    email: 'Correo electrónico',
    company: 'Empresa u organización',
    phone: 'Teléfono',
    service: 'Servicio de interés',
    message: 'Mensaje',
  },
} as const satisfies Record<Locale, Record<keyof typeof visitor, string>>;

function fields(page: Page, locale: Locale = 'en') {
  const label = labels[locale];
  return {
    name: page.getByRole('textbox', { name: label.name, exact: true }),
    email: page.getByRole('textbox', { name: label.email, exact: true }),
    company: page.getByRole('textbox', { name: label.company, exact: true }),
    phone: page.getByRole('textbox', { name: label.phone, exact: true }),
    service: page.getByRole('combobox', { name: label.service, exact: true }),
    message: page.getByRole('textbox', { name: label.message, exact: true }),
  };
}

async function fillForm(page: Page, values: typeof visitor = visitor, locale: Locale = 'en'): Promise<void> {
  const form = fields(page, locale);
  await form.name.fill(values.name);
  await form.email.fill(values.email);
  await form.company.fill(values.company);
  await form.phone.fill(values.phone);
  await form.service.selectOption(values.service);
  await form.message.fill(values.message);
}

async function expectValues(page: Page, values: typeof visitor): Promise<void> {
  const form = fields(page);
  for (const key of Object.keys(form) as (keyof typeof visitor)[]) await expect(form[key]).toHaveValue(values[key]);
}

const submitButton = (page: Page) => page.locator('form button[type="submit"]');

/** Chromium reports a failed or 5xx fetch as a console error; the test expects exactly those. */
function dropExpectedFetchErrors(browserErrors: string[], pattern: RegExp): void {
  expect(browserErrors.length).toBeGreaterThan(0);
  expect(browserErrors.filter((error) => !pattern.test(error))).toEqual([]);
  browserErrors.length = 0;
}

test.describe('the contact form with JavaScript', () => {
  test('sends for real: the sending state for the spec’s 2 s, then the lasting banner and empty fields', async ({
    page,
  }) => {
    // The page's own clock, held still from the submit on: the 2 s are counted on it, not measured.
    const start = new Date('2026-03-02T15:00:00Z');
    await page.clock.install({ time: start });
    await gotoHydrated(page, '/contact');
    await fillForm(page);
    await page.clock.pauseAt(new Date(start.getTime() + 60_000));
    const posted = page.waitForRequest(
      (request) => request.url().endsWith('/api/contact') && request.method() === 'POST',
    );
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact'));

    await submitButton(page).click();
    await expect(submitButton(page)).toBeDisabled();
    await expect(submitButton(page)).toHaveText('Sending Message...');
    const request = await posted;
    expect(request.headers()['content-type']).toBe('application/json');
    const { attribution, formToken, proof, ...sent } = request.postDataJSON();
    expect(sent).toEqual({ ...visitor, heard: '', heardtext: '', [HONEYPOT_FIELD]: '' });
    // The form's guard rides along (decision 073): a signed token and the proof of work solved since its first focus.
    expect(formToken).toMatch(/^\w+\.[\w-]+\.[\w-]+$/);
    expect(proof).not.toBe('');
    // Where the visit came from rides along (decision 047): here, straight to the contact page.
    expect(JSON.parse(attribution)).toMatchObject({
      first: { landing: '/contact' },
      formPage: '/contact',
      pagesSeen: 0,
    });
    expect((await answered).status()).toBe(201);
    // The server has answered, yet the sending state lasts the spec's 2 s on the page's clock.
    const banner = page.getByRole('status').filter({ hasText: SUCCESS });
    await page.clock.runFor(SEND_DURATION_MS - 1);
    await expect(submitButton(page)).toHaveText('Sending Message...');
    await expect(submitButton(page)).toBeDisabled();
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(SUCCESS);

    await expectValues(page, { name: '', email: '', company: '', phone: '', service: '', message: '' });
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText('Send Message');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // It lasts: no timer takes it away.
    await page.clock.runFor(10_000);
    await expect(banner).toBeVisible();
  });

  test('a server error keeps everything typed and says what to do', async ({ page, browserErrors }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error."}' }),
    );
    await gotoHydrated(page, '/contact');
    await fillForm(page);
    await submitButton(page).click();
    await expect(submitButton(page)).toHaveText('Sending Message...');

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your message was not sent because of a problem on our side');
    await expect(alert).toContainText('hello@meridianlab.dev');
    await expectValues(page, visitor);
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText('Send Message');
    await expect(page.locator('.contact-banner--success')).toHaveCount(0);
    dropExpectedFetchErrors(browserErrors, /status of 500/);
  });

  test('an unreachable server keeps everything typed and says what to do', async ({ page, browserErrors }) => {
    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await gotoHydrated(page, '/contact');
    await fillForm(page);
    await submitButton(page).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('we could not reach our server. Check your connection and try again');
    await expect(alert).toContainText('hello@meridianlab.dev');
    await expectValues(page, visitor);
    await expect(submitButton(page)).toBeEnabled();
    dropExpectedFetchErrors(browserErrors, /ERR_INTERNET_DISCONNECTED/);

    // Once the connection is back, the same message goes through.
    await page.unroute('**/api/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' }),
    );
    await submitButton(page).click();
    await expect(page.getByRole('status')).toHaveText(SUCCESS);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(fields(page).name).toHaveValue('');
  });

  test('field errors from the server show at their fields, and focus goes to the first', async ({
    page,
    browserErrors,
  }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ errors: { email: 'Please enter a valid e-mail address, such as name@company.com.' } }),
      }),
    );
    await gotoHydrated(page, '/contact');
    await fillForm(page);
    await submitButton(page).click();

    const email = fields(page).email;
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address, such as name@company.com.');
    await expect(email).toBeFocused();
    await expect(page.getByRole('alert')).toContainText('please check the highlighted fields');
    await expect(fields(page).name).not.toHaveAttribute('aria-invalid');
    await expectValues(page, visitor);

    // Correcting the field clears its error.
    await email.fill('ana@clinics.example');
    await expect(email).not.toHaveAttribute('aria-invalid');
    dropExpectedFetchErrors(browserErrors, /status of 400/);
  });

  test('native validation blocks an empty submit: no request is sent', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/contact')) requests++;
    });
    await gotoHydrated(page, '/contact');
    await submitButton(page).click();
    const name = fields(page).name;
    await expect(name).toBeFocused();
    expect(await name.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    // A bad e-mail is the browser's to catch too.
    await name.fill('Ana');
    await fields(page).email.fill('not-an-email');
    await fields(page).message.fill('Hello');
    await submitButton(page).click();
    expect(await fields(page).email.evaluate((input: HTMLInputElement) => input.validity.typeMismatch)).toBe(true);

    await page.waitForTimeout(300);
    expect(requests).toBe(0);
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).toHaveText('Send Message');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('what was typed before the page came alive is kept and sent', async ({ page }) => {
    let release: () => void = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    // Hold the route tree, which the inline entry imports first, back until the visitor has typed into the server's markup.
    await page.route('**/static/js/pageShell-*.js', async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    await fields(page).name.fill(visitor.name);
    await fields(page).service.selectOption(visitor.service);
    release();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

    // Typing elsewhere re-renders the form: the early values must survive it.
    await fields(page).email.fill(visitor.email);
    await fields(page).message.fill(visitor.message);
    await expect(fields(page).name).toHaveValue(visitor.name);
    await expect(fields(page).service).toHaveValue(visitor.service);
    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' }),
    );
    const posted = page.waitForRequest('**/api/contact');
    await submitButton(page).click();
    expect((await posted).postDataJSON()).toMatchObject({
      name: visitor.name,
      service: visitor.service,
      email: visitor.email,
    });
  });

  test('the FAQ answers open and close from the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    const question = page.locator('summary', { hasText: 'How long does it take to build a website?' });
    const answer = page.getByText('Most websites are completed in 2-4 weeks');
    await expect(answer).toBeHidden();
    await question.focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await page.keyboard.press('Space');
    await expect(answer).toBeHidden();
  });

  test('axe finds nothing at 1440 and 390 px in the error state', async ({ page, browserErrors }) => {
    test.slow();
    await gotoHydrated(page, '/contact');
    // The page as it loads is checked by everyPage.spec.ts at these widths.
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"errors":{"name":"Please enter your full name.","message":"Please enter a message."}}',
      }),
    );
    await fillForm(page);
    await submitButton(page).click();
    await expect(page.getByRole('alert')).toBeVisible();
    // CSS alone lays the page out for a phone, so narrowing the window shows what a phone shows.
    for (const width of AXE_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page), `at ${width} px`).toEqual([]);
    }
    dropExpectedFetchErrors(browserErrors, /status of 400/);
  });
});

test.describe('the contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('posts, redirects and shows the success banner', async ({ page }) => {
    await page.goto('/contact');
    await fillForm(page, { ...visitor, name: 'No Script Visitor' });
    await submitButton(page).click();
    await expect(page).toHaveURL('/contact?sent=1#contact-form');
    await expect(page.getByRole('status')).toHaveText(SUCCESS);
    await expectValues(page, { name: '', email: '', company: '', phone: '', service: '', message: '' });
  });

  test('an input the server refuses comes back with the error at its field and everything typed', async ({
    page,
    browserErrors,
  }) => {
    await page.goto('/contact');
    const typed = { ...visitor, name: 'N'.repeat(201) };
    await fillForm(page, typed);
    const [response] = await Promise.all([page.waitForResponse('**/api/contact'), submitButton(page).click()]);
    expect(response.status()).toBe(400);
    await expect(page.locator('h1')).toHaveText('Get In Touch');
    await expect(page.getByRole('alert')).toContainText('please check the highlighted fields');
    const name = fields(page).name;
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Please shorten your name to 200 characters or fewer.');
    await expectValues(page, typed);
    // Chromium logs the document's own 400 as a failed resource.
    dropExpectedFetchErrors(browserErrors, /status of 400/);
  });
});

/** The contact page's words and paths in both languages, where a test sends its form in each. */
const contactIn = {
  /** The page, and the endpoint its form posts to with JavaScript. */
  paths: { en: ['/contact', '/api/contact'], es: ['/es/contacto', '/api/contact?locale=es'] },
  /** What a visitor of the language writes. */
  visitor: {
    en: visitor,
    es: {
      name: 'Ana Gómez',
      email: 'ana@example.com',
      company: '',
      phone: '+57 300 555 0101',
      service: 'marketing-ads',
      message: 'Queremos campañas de pauta para nuestras tres clínicas.',
    },
  },
  /** The button, and what it says while sending. */
  button: { en: ['Send Message', 'Sending Message...'], es: ['Enviar mensaje', 'Enviando mensaje…'] },
  success: { en: SUCCESS, es: '¡Gracias por su mensaje! Le responderemos en menos de 24 horas.' },
  /** A phone number too long: the error at its field, then words of the alert with JavaScript and without. */
  tooLongPhone: {
    en: [
      'Please shorten the phone number to 50 characters or fewer.',
      'please check the highlighted fields',
      'Your message was not sent',
    ],
    es: ['Acorte el teléfono a 50 caracteres o menos.', 'revise los campos marcados', 'Su mensaje no se envió'],
  },
} as const satisfies Record<string, Record<Locale, unknown>>;

for (const [index, locale] of locales.entries()) {
  const [path, endpoint] = contactIn.paths[locale];
  const [send, sending] = contactIn.button[locale];
  const [phoneError, alertWords, refusedWords] = contactIn.tooLongPhone[locale];
  const success = contactIn.success[locale];
  const typed = contactIn.visitor[locale];
  const tooLong = { ...typed, phone: '9'.repeat(60) };

  test.describe(`the contact form in ${locale}`, () => {
    // A client of its own for each language: with the tests above, their messages would pass the five a minute one client may send.
    test.use({ extraHTTPHeaders: { 'X-Forwarded-For': `198.51.100.${150 + index}` } });

    test('with JavaScript: sends for real and thanks the visitor in the language', async ({ page }) => {
      await gotoHydrated(page, path);
      await fillForm(page, typed, locale);
      const posted = page.waitForRequest((request) => request.url().endsWith(endpoint));
      await page.getByRole('button', { name: send }).click();
      await posted;
      await expect(page.getByRole('button', { name: sending })).toBeDisabled();
      await expect(page.getByRole('status')).toHaveText(success, { timeout: 10_000 });
      await expect(fields(page, locale).name).toHaveValue('');
    });

    test("with JavaScript: the server's errors come in the language, at their field, with everything kept", async ({
      page,
      browserErrors,
    }) => {
      await gotoHydrated(page, path);
      await fillForm(page, tooLong, locale);
      await page.getByRole('button', { name: send }).click();
      const phone = fields(page, locale).phone;
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await expect(phone).toHaveAccessibleDescription(phoneError);
      await expect(page.getByRole('alert')).toContainText(alertWords);
      await expect(fields(page, locale).name).toHaveValue(typed.name);
      expect(browserErrors.filter((error) => !/status of 400/.test(error))).toEqual([]);
      browserErrors.length = 0;
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('sends, then shows the page in the language with the thanks', async ({ page }) => {
        await page.goto(path);
        await fillForm(page, typed, locale);
        await page.getByRole('button', { name: send }).click();
        await expect(page).toHaveURL(`${path}?sent=1#contact-form`);
        await expect(page.getByRole('status')).toHaveText(success);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
      });

      test('a refused message comes back in the language with everything typed', async ({ page, browserErrors }) => {
        await page.goto(path);
        await fillForm(page, tooLong, locale);
        await page.getByRole('button', { name: send }).click();
        await expect(page.getByText(phoneError)).toBeVisible();
        await expect(page.getByRole('alert')).toContainText(refusedWords);
        await expect(fields(page, locale).message).toHaveValue(typed.message);
        browserErrors.length = 0; // the document's own 400 status
      });
    });
  });
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Router } from 'express';
import type { ReactElement } from 'react';
import { createElement } from 'react';

import type { ContactSubmission } from '../../shared/components/contact/submission';
import { ContactSubmissionContext } from '../../shared/components/contact/submission';
import { FormTokenContext } from '../../shared/components/contexts';
import type { Failure } from '../../shared/content/contactFields';
import { CONTACT_FIELDS } from '../../shared/content/contactFields';
import { ATTRIBUTION_FIELD } from '../../shared/lib/attribution';
import { FORM_TOKEN_FIELD } from '../../shared/lib/formGuard';
import type { Locale } from '../../shared/lib/locale';
import { localeOf } from '../../shared/lib/locale';
import type { ContactValues, FieldErrors } from '../../shared/model/contactForm';
import {
  CONTACT_ENDPOINT,
  CONTACT_FORM_ID,
  EMPTY_CONTACT_VALUES,
  MAX_BODY_BYTES,
  sentLocation,
} from '../../shared/model/contactForm';
import { localizePath } from '../../shared/routes';
import { attributionOf, fieldOf } from '../analytics/attribution';
import type { FormGuard } from '../formGuard';
import { formEndpoint, readBody } from '../http/formEndpoint';
import type { Logger } from '../http/logger';
import type { RateLimitCounters } from '../http/rateLimitCounters';
import { catalogues } from '../pages/catalogues';
import type { RenderPage } from '../pages/render';
import type { LeadStore, NewLead } from './store';
import { parseContactBody, validateContact } from './validation';

/** Messages one client may send per minute before getting 429. */
const MESSAGES_PER_MINUTE = 5;

/** What a stored lead is counted as, once the answer is sent: a conversion by service and source. */
type LeadConverted = (req: Request, lead: { service: string; locale: Locale; source: string }) => void;

/** A message as the quarantine keeps it until staff deliver it (decision 073): no client address. */
export interface HeldLead {
  lead: NewLead;
  userAgent: string;
}

interface ContactRoutesOptions {
  /** The leads, each stored with its notification queued. */
  store: LeadStore;
  /** The checks a message passes before it is stored and its notification queued (decision 073). */
  guard: FormGuard<HeldLead>;
  logger: Logger;
  siteUrl: string;
  /** Shared rate-limit counters, when several instances run. */
  counters?: RateLimitCounters;
  /** The site's page renderer: shows the contact page again after a refused form post. */
  renderPage: RenderPage;
  /** Counts a stored lead in the visitor analytics. */
  converted?: LeadConverted;
}

/** The text fields of a post, as typed, to put back into the form. */
function typedValues(fields: unknown): ContactValues {
  const values = { ...EMPTY_CONTACT_VALUES };
  if (typeof fields !== 'object' || fields === null) return values;
  for (const { name } of CONTACT_FIELDS) {
    const value = (fields as Record<string, unknown>)[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}

/**
 * POST /api/contact: a contact form message, as JSON from the enhanced form
 * or urlencoded from the plain one. Stores it, committed, before answering
 * success. Nothing the visitor sent is logged.
 */
export function contactRoutes({
  store,
  guard,
  logger,
  siteUrl,
  renderPage,
  counters,
  converted,
}: ContactRoutesOptions): Router {
  const router = Router();

  /** The plain form's answer to a post it read: the contact page again, with the visitor's values, errors and the reason. */
  const showForm = (
    req: Request,
    res: Response,
    next: NextFunction,
    { status, token, ...submission }: Partial<ContactSubmission> & { failure: Failure; status: number; token: unknown },
  ) => {
    const value: ContactSubmission = { values: { ...EMPTY_CONTACT_VALUES }, errors: {}, ...submission };
    // The form shown again carries the token its post came with: the page's time still counts (decision 073).
    const kept = typeof token === 'string' ? token.slice(0, 200) : '';
    const withToken = (page: ReactElement) => createElement(FormTokenContext, { value: kept }, page);
    renderPage(req, res, {
      path: localizePath('/contact', localeOf(req.originalUrl)),
      status,
      wrap: (page) => withToken(createElement(ContactSubmissionContext, { value }, page)),
    }).catch(next);
  };

  const receive: RequestHandler = async (req, res, next) => {
    const format = res.locals.bodyFormat ?? 'json';
    const locale = localeOf(req.originalUrl);
    const body = parseContactBody(readBody(req, res));
    if (!body.ok) {
      res.status(400).json({ error: body.error });
      return;
    }
    const succeed = () =>
      format === 'form'
        ? res.redirect(303, sentLocation(localizePath('/contact', locale)))
        : res.status(201).json({ ok: true });
    const result = validateContact(body.fields, catalogues[locale].contact.fieldErrors);
    if (!result.ok) {
      // A filled honeypot gets the same answer as a person, so the robot learns nothing; nothing is kept.
      if (body.spam) {
        logger.info({ reason: 'honeypot' }, 'contact message discarded');
        succeed();
        return;
      }
      if (format === 'form')
        showForm(req, res, next, {
          token: fieldOf(body.fields, FORM_TOKEN_FIELD),
          status: 400,
          values: typedValues(body.fields),
          errors: result.errors,
          failure: { kind: 'invalid' },
        });
      else res.status(400).json({ errors: result.errors satisfies FieldErrors });
      return;
    }
    // The visit's source, from the form's hidden field or, without JavaScript, the Referer (decision 047).
    const source = attributionOf(fieldOf(body.fields, ATTRIBUTION_FIELD), req, siteUrl);
    const lead = { ...result.value, locale, ...source };
    const userAgent = req.get('user-agent') ?? '';
    try {
      // Held back (decision 073): nobody is mailed, nothing counts it, and the visitor is thanked as everyone.
      const { email, name, message } = lead;
      const submission = {
        fields: body.fields,
        honeypot: body.spam,
        email,
        text: message,
        summary: `${name}: ${message}`,
      };
      if (await guard.held(req, { ...submission, payload: { lead, userAgent } })) {
        succeed();
        return;
      }
      await store.add(lead, { address: req.ip ?? req.socket.remoteAddress ?? '', userAgent });
    } catch (error) {
      // The error names the statement, never the values bound to it.
      logger.error({ err: error }, 'lead not stored');
      if (format === 'form')
        showForm(req, res, next, {
          ...{ status: 503, values: typedValues(body.fields), failure: { kind: 'server' } as const },
          token: fieldOf(body.fields, FORM_TOKEN_FIELD),
        });
      else res.status(503).json({ error: catalogues[locale].contact.form.notStored });
      return;
    }
    succeed();
    converted?.(req, { service: result.value.service, locale, source: source.source });
  };

  router.post(
    CONTACT_ENDPOINT,
    ...formEndpoint({
      siteUrl,
      perMinute: MESSAGES_PER_MINUTE,
      counters: counters?.('contact'),
      maxBytes: MAX_BODY_BYTES,
      formPage: (locale) => `${localizePath('/contact', locale)}#${CONTACT_FORM_ID}`,
      // The page's own words for what a visitor can run into; the rest keep the defaults.
      message: (refusal, locale) =>
        refusal.kind === 'rateLimited' || refusal.kind === 'tooLarge'
          ? catalogues[locale].contact.failureMessage(refusal)
          : undefined,
    }),
    receive,
  );
  return router;
}

import type { Response } from 'express';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

import type { ConsoleAlert, ConsoleNavEntry, ConsoleUser } from './kit/ConsoleDocument';

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set for signed-in pages: the alerts active now, for the top bar. */
    staffAlerts?: readonly ConsoleAlert[];
    /** Set for every console page: the sections, for the header's navigation. */
    staffNav?: readonly ConsoleNavEntry[];
  }
}

/** Sends a console page: static markup, no script, never stored (the console's headers say so). */
export function sendPage(res: Response, status: number, page: ReactElement): void {
  res
    .status(status)
    .type('html')
    .send(`<!DOCTYPE html>${renderToStaticMarkup(page)}`);
}

/** The signed-in staff member, for the page header and the forms' CSRF field. */
export function consoleUser(res: Response): ConsoleUser {
  const session = res.locals.staffSession!;
  return {
    email: session.email,
    name: session.name,
    csrfToken: session.csrfToken,
    alerts: res.locals.staffAlerts ?? [],
    nav: res.locals.staffNav ?? [],
  };
}

/** A form post's text fields; anything that is not a string is left out. */
export function textFields(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

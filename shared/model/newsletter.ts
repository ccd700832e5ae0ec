import type { Catalogue } from '../content/i18n/types';

type ConfirmOutcome = keyof Catalogue['newsletterConfirm']['outcomes'];
type UnsubscribeOutcome = keyof Catalogue['newsletterUnsubscribe']['outcomes'];

/** The pages a newsletter e-mail links to; the token rides in the query, the step's outcome comes back as ?result=. */
export const CONFIRM_PATH = '/newsletter/confirm';
export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
export const TOKEN_PARAM = 'token';
const RESULT_PARAM = 'result';

export const CONFIRM_OUTCOMES: readonly ConfirmOutcome[] = ['confirmed', 'invalid'];
export const UNSUBSCRIBE_OUTCOMES: readonly UnsubscribeOutcome[] = ['unsubscribed', 'invalid'];

/** The body of an RFC 8058 one-click unsubscribe POST, which the page's button sends too. */
export const ONE_CLICK_FIELD = { 'List-Unsubscribe': 'One-Click' } as const;

/** A link's path with its token, as the e-mail's link and the unsubscribe button's action. */
export function withToken(path: string, token: string): string {
  return `${path}?${new URLSearchParams({ [TOKEN_PARAM]: token })}`;
}

/** A ?result= value the page knows, else null: the page cache's keys stay finite. */
export function readResult<T extends string>(params: URLSearchParams, outcomes: readonly T[]): T | null {
  return outcomes.find((outcome) => outcome === params.get(RESULT_PARAM)) ?? null;
}

/** Where a step's form post lands: the page with its outcome. */
export function resultHref(path: string, result: string): string {
  return `${path}?${RESULT_PARAM}=${result}`;
}

/**
 * The contact form's fields and the values they take, the same in every
 * language: the texts word them, the page and the server check them.
 */
import type { PlanId } from './data';
import { planFacts } from './data';

export const CONTACT_FIELDS = ['name', 'email', 'company', 'phone', 'service', 'message'] as const;
export type ContactFieldName = (typeof CONTACT_FIELDS)[number];

/** What a visitor can ask about besides the plans. */
const OTHER_SERVICES = ['custom-project', 'consultation', 'other'] as const;
type OtherService = (typeof OTHER_SERVICES)[number];
export type ServiceValue = PlanId | OtherService;

/** The service field's values, in the order the select lists them: the plans, then the others; the empty value means none chosen. */
export const SERVICE_VALUES: readonly ServiceValue[] = [...planFacts.map((plan) => plan.id), ...OTHER_SERVICES];

/** Longest accepted value of each field, in characters, after trimming. */
export const FIELD_LIMITS: Readonly<Record<ContactFieldName, number>> = {
  name: 200,
  email: 254,
  company: 200,
  phone: 50,
  service: 40,
  message: 5000,
};

/** The autofill token of each field, the same in every language. */
export const FIELD_AUTOCOMPLETE: Readonly<Record<ContactFieldName, string>> = {
  name: 'name',
  email: 'email',
  company: 'organization',
  phone: 'tel',
  service: 'off',
  message: 'off',
};

/** Why a message was not sent; the page words each one and says what to do. */
export type FailureKind = 'invalid' | 'tooLarge' | 'rateLimited' | 'rejected' | 'server' | 'network' | 'timeout';

export interface Failure {
  kind: FailureKind;
  /** For rateLimited: seconds until the visitor may send again. */
  retryAfterSeconds?: number;
}

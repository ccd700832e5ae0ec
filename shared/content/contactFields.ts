/**
 * The contact form's fields and the values they take, the same in every
 * language: the texts word them, the page and the server check them.
 */
import type { PlanId } from './data';
import { planFacts } from './data';

/** What a visitor can ask about besides the plans. */
const OTHER_SERVICES = ['custom-project', 'consultation', 'other'] as const;
type OtherService = (typeof OTHER_SERVICES)[number];
export type ServiceValue = PlanId | OtherService;

/** The service field's values, in the order the select lists them: the plans, then the others; the empty value means none chosen. */
export const SERVICE_VALUES: readonly ServiceValue[] = [...planFacts.map((plan) => plan.id), ...OTHER_SERVICES];

/** How a visitor says they heard of the lab (decision 074): optional; "other" has the text beside it. */
export const HEARD_VALUES = ['search', 'ad', 'social', 'newsletter', 'referral', 'event', 'other'] as const;

/** One field of the form: what the page shows and what the server accepts, from the same line. */
type FieldSpec = {
  /** The form's name for it, the lead's property and its column: one lower-case word. */
  name: Lowercase<string>;
  /** Longest accepted value, in characters, after trimming. */
  limit: number;
  /** Marked on the form, and a post without it is refused. */
  required?: true;
} & (
  | {
      /** The input's type; the server also refuses an `email` that is not an address. */
      control: 'text' | 'email' | 'tel';
      /** The autofill token, the same in every language. */
      autoComplete: string;
    }
  /** A select takes only its options' values, or none (''). */
  | { control: 'select'; options: readonly string[] }
  | { control: 'textarea' }
);

/**
 * The contact form's fields, in the order the form, the team's e-mail, the
 * webhook and the exports list them. The texts word each one (fieldCopy,
 * fieldErrors); the form, its empty values, the server's checks and the
 * lead's columns are derived from here.
 */
export const CONTACT_FIELDS = [
  { name: 'name', limit: 200, required: true, control: 'text', autoComplete: 'name' },
  { name: 'email', limit: 254, required: true, control: 'email', autoComplete: 'email' },
  { name: 'company', limit: 200, control: 'text', autoComplete: 'organization' },
  { name: 'phone', limit: 50, control: 'tel', autoComplete: 'tel' },
  { name: 'service', limit: 40, control: 'select', options: SERVICE_VALUES },
  { name: 'message', limit: 5000, required: true, control: 'textarea' },
  { name: 'heard', limit: 20, control: 'select', options: HEARD_VALUES },
  { name: 'heardtext', limit: 200, control: 'text', autoComplete: 'off' },
] as const satisfies readonly FieldSpec[];

export type ContactFieldSpec = (typeof CONTACT_FIELDS)[number];
export type ContactFieldName = ContactFieldSpec['name'];
/** The fields a post cannot leave empty: each has its own "missing" text. */
export type RequiredFieldName = Extract<ContactFieldSpec, { required: true }>['name'];

/** Longest accepted value of each field, for the texts that say it. */
export const FIELD_LIMITS = Object.fromEntries(CONTACT_FIELDS.map((field) => [field.name, field.limit])) as Readonly<
  Record<ContactFieldName, number>
>;

/** Why a message was not sent; the page words each one and says what to do. */
export type FailureKind = 'invalid' | 'tooLarge' | 'rateLimited' | 'rejected' | 'server' | 'network' | 'timeout';

export interface Failure {
  kind: FailureKind;
  /** For rateLimited: seconds until the visitor may send again. */
  retryAfterSeconds?: number;
}

/**
 * Who the lab is in law: the controller of personal data that the privacy policy and the terms name (Ley 1581
 * and Decreto 1074 de 2015 ask for its identity and domicile, PIPEDA for an accountable person), and the sender
 * that every newsletter e-mail identifies with a postal address (CASL, CAN-SPAM). Only the lab can know these
 * values, so they are settings of the server (LAB_* in server/config.ts), not code: the build leaves a mark
 * where a text quotes one, and the server fills it in at run time (decision 061).
 */
export interface LegalFacts {
  /** The registered name with its legal form, as on the company register ("Meridian Lab LLC"). */
  legalName: string;
  /** The register's identifier: the US EIN, or the Colombian NIT if a Colombian company is the controller. */
  taxId: string;
  /** The city and country of the registered office (the "domicilio" of Colombian law). */
  domicile: string;
  /** Where letters reach the lab: quoted by the legal pages and by every newsletter e-mail. */
  postalAddress: string;
  /** The person accountable for privacy (PIPEDA principle 4.1): full name; the policy gives the title. */
  privacyOfficer: string;
}

export type LegalFactName = keyof LegalFacts;

export const legalFactNames: readonly LegalFactName[] = [
  'legalName',
  'taxId',
  'domicile',
  'postalAddress',
  'privacyOfficer',
];

/** Where the server gives the browser the facts it has, for a legal page the browser navigates to. */
export const LEGAL_FACTS_PATH = '/api/legal-facts.json';

/** Where a text leaves a fact for the server to fill in: "{{legal.postalAddress}}", as the legal pages quote it. */
export const legalFactMark = (name: LegalFactName): string => `{{legal.${name}}}`;

/** The text with each fact's mark replaced by what `fact` gives for it. */
export function fillLegalFacts(text: string, fact: (name: LegalFactName) => string): string {
  return text.replace(/\{\{legal\.(\w+)\}\}/g, (_, name: LegalFactName) => fact(name));
}

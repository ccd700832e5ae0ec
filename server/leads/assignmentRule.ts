/**
 * The rule the lab sets for giving a new lead its owner (decision 081), a row of `settings`: the least-loaded
 * person of the right office and language at work (decision 079, the default), round-robin, or one fixed person.
 */
import type { Queryable } from '../db';
import { readJsonSetting, writeSetting } from '../db/settings';

export const ASSIGNMENT_RULES = ['balanced', 'round-robin', 'fixed'] as const;
type RuleName = (typeof ASSIGNMENT_RULES)[number];

export type AssignmentRule = { rule: Exclude<RuleName, 'fixed'> } | { rule: 'fixed'; person: string };

const KEY = 'lead_assignment_rule';
const DEFAULT_RULE: AssignmentRule = { rule: 'balanced' };

/** The rule in force; the default while none was set (or the row cannot be read as one). */
export async function readAssignmentRule(q: Queryable): Promise<AssignmentRule> {
  const stored = (await readJsonSetting(q, KEY)) as Partial<{ rule: string; person: unknown }> | null | undefined;
  if (stored?.rule === 'fixed' && typeof stored.person === 'string') return { rule: 'fixed', person: stored.person };
  if (stored?.rule === 'balanced' || stored?.rule === 'round-robin') return { rule: stored.rule };
  return DEFAULT_RULE;
}

export async function writeAssignmentRule(q: Queryable, rule: AssignmentRule): Promise<void> {
  await writeSetting(q, KEY, JSON.stringify(rule));
}

/** The rule in words, for the audit log and the page. */
export const ruleWords = (rule: AssignmentRule) =>
  rule.rule === 'fixed'
    ? `always ${rule.person}`
    : rule.rule === 'round-robin'
      ? 'round-robin'
      : 'least-loaded of the right office and language, at work';

/**
 * What a closed lead came to (decision 079): won, the plan from the site's plan data, its monthly value (the price
 * table's unless the staff says otherwise) and the day it starts; lost, a reason from a short list.
 */
import type { PlanId } from '../../shared/content/data';
import { planFacts } from '../../shared/content/data';
import { lostReasonLabels, pipelineCopy } from './consoleTexts';

export type LostReason = keyof typeof lostReasonLabels;
export const LOST_REASONS = Object.keys(lostReasonLabels) as LostReason[];

export interface WonDeal {
  plan: PlanId;
  /** Whole dollars a month. */
  monthly: number;
  /** YYYY-MM-DD. */
  start: string;
}

const MONTHLY_MAX = 1_000_000;

/** The listed monthly price of a plan, or undefined for a service that is no plan. */
export const planPrice = (plan: string) => planFacts.find((fact) => fact.id === plan)?.price;

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The won form's fields read: the deal, or each problem in words. */
export function readWon(fields: Record<string, string>): { deal: WonDeal } | { problems: string[] } {
  const plan = planFacts.find((fact) => fact.id === fields.plan)?.id;
  const typed = (fields.monthly ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  const monthly = typed === '' && plan ? planPrice(plan)! : /^\d{1,7}$/.test(typed) ? Number(typed) : NaN;
  const start = (fields.start ?? '').trim();
  const problems = [
    ...(plan ? [] : [pipelineCopy.dealPlanMissing]),
    ...(Number.isInteger(monthly) && monthly <= MONTHLY_MAX ? [] : [pipelineCopy.dealMonthlyBad]),
    ...(isDay(start) ? [] : [pipelineCopy.dealStartBad]),
  ];
  return problems.length > 0 || !plan ? { problems } : { deal: { plan, monthly, start } };
}

export const isLostReason = (value: unknown): value is LostReason =>
  typeof value === 'string' && (LOST_REASONS as string[]).includes(value);

/** Seller plans (spec section 9). Plan 3 exists but cannot be chosen yet. */
import { isOneOf } from './one-of';
export const PLAN_CODES = ['1', '2', '3'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

export interface PlanRule {
  label: string;
  /** Most products a seller on this plan may have; null is no limit stated by the spec. */
  maxProducts: number | null;
  /** Price per year in whole kronor. */
  yearlyPriceSek: number;
  /** Whether the seller may point a domain of their own at the shop. */
  allowsOwnDomain: boolean;
  selectable: boolean;
}

export const PLANS: Record<PlanCode, PlanRule> = {
  '1': {
    label: 'Gratis, max 5 produkter.',
    maxProducts: 5,
    yearlyPriceSek: 0,
    allowsOwnDomain: false,
    selectable: true,
  },
  '2': { label: 'Egen domän', maxProducts: 50, yearlyPriceSek: 299, allowsOwnDomain: true, selectable: true },
  '3': { label: 'Domän ingår', maxProducts: null, yearlyPriceSek: 499, allowsOwnDomain: true, selectable: false },
};

export function isPlanCode(code: unknown): code is PlanCode {
  return isOneOf(PLAN_CODES, code);
}

/** The label of a plan code; any other code is 'Inget'. */
export function planLabel(code: unknown): string {
  return isPlanCode(code) ? PLANS[code].label : 'Inget';
}

/** The rule of a plan code; a seller without a known plan counts as plan 1. */
export function planRule(code: unknown): PlanRule {
  return isPlanCode(code) ? PLANS[code] : PLANS['1'];
}

/** Whether a seller on `plan` with `productCount` products may add one more. */
export function mayAddProduct(plan: unknown, productCount: number): boolean {
  const { maxProducts } = planRule(plan);
  return maxProducts === null || productCount < maxProducts;
}

/** Whether the plan lets the seller show the shop on a domain of their own. */
export function planAllowsOwnDomain(plan: unknown): boolean {
  return isPlanCode(plan) && PLANS[plan].allowsOwnDomain;
}

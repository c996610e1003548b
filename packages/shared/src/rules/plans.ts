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

/**
 * Whether a product counts against its seller's plan limit: every product but a draft (listed
 * ones and those the seller has hidden). A draft is shown to nobody, so it uses none of what the
 * plan sells; "Create Product" makes one at once (the spec), and a seller who leaves it empty
 * must not be told the plan is full while selling nothing.
 */
export function countsAgainstPlan(product: { isDraft: boolean }): boolean {
  return !product.isDraft;
}

/**
 * Whether a seller on `plan` with `productCount` products counting against it (countsAgainstPlan)
 * may have one more: checked when a draft is published, and when a draft is made (a seller at
 * the limit could never publish it).
 */
export function mayAddProduct(plan: unknown, productCount: number): boolean {
  const { maxProducts } = planRule(plan);
  return maxProducts === null || productCount < maxProducts;
}

/** What a seller's product list says of the plan: "3 of 5 products"; `max` null is no limit. */
export interface PlanProductUsage {
  count: number;
  max: number | null;
}

/** The usage of a seller on `plan` whose products are `products` (drafts do not count). */
export function planProductUsage(plan: unknown, products: readonly { isDraft: boolean }[]): PlanProductUsage {
  return { count: products.filter(countsAgainstPlan).length, max: planRule(plan).maxProducts };
}

/** Whether the plan lets the seller show the shop on a domain of their own. */
export function planAllowsOwnDomain(plan: unknown): boolean {
  return isPlanCode(plan) && PLANS[plan].allowsOwnDomain;
}

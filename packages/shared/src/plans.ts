/** Seller plans (spec section 9). Plan 3 exists but cannot be chosen yet. */
export const PLAN_CODES = ['1', '2', '3'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];

interface PlanRule {
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
  return typeof code === 'string' && (PLAN_CODES as readonly string[]).includes(code);
}

/** The label of a plan code; any other code is 'Inget'. */
export function planLabel(code: unknown): string {
  return isPlanCode(code) ? PLANS[code].label : 'Inget';
}

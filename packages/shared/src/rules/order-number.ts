/**
 * The human order number: the database gives each order a sequential number from
 * 100001 (migration 0006); people read and quote it as `T-100001`. The UUID stays the order's id.
 */

export const ORDER_NUMBER_PREFIX = 'T-';

/** 100001 → 'T-100001'. */
export function formatOrderNumber(number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`not an order number: ${number}`);
  return `${ORDER_NUMBER_PREFIX}${number}`;
}

/** 'T-100001' (any case, no spaces) → 100001; anything else → null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^t-([1-9]\d{0,14})$/i.exec(text);
  return match?.[1] ? Number(match[1]) : null;
}

/**
 * What the business did in this process since it started, counted where it happens (an order
 * placed, a PayPal capture booked) and read by the metrics on a scrape (lib/metrics.ts). One
 * increment each: nothing on the read path.
 */
export const businessCounts = {
  ordersPlaced: 0,
  /** New captures booked, by what they did ('paid', 'duplicate', 'wrong_amount'…). */
  capturesBooked: new Map<string, number>(),
};

export function countOrderPlaced<T>(placed: T): T {
  businessCounts.ordersPlaced++;
  return placed;
}

export function countCaptureBooked(outcome: string): void {
  businessCounts.capturesBooked.set(outcome, (businessCounts.capturesBooked.get(outcome) ?? 0) + 1);
}

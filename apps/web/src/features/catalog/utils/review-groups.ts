/**
 * How the product page groups a product's reviews: the verified-purchase reviews first, and the
 * others apart, since once a product has a verified review only those rate it
 * (docs/decisions/120-ratings-from-verified-reviews.md). Without a verified review every review
 * rates the product, and they stay one list. Each group keeps the API's order (newest first).
 */
export function reviewGroups<R extends { verified: boolean }>(reviews: readonly R[]): { rated: R[]; others: R[] } {
  const verified = reviews.filter((review) => review.verified);
  if (verified.length === 0) return { rated: [...reviews], others: [] };
  return { rated: verified, others: reviews.filter((review) => !review.verified) };
}

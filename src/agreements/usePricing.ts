import { useMemo } from 'react';
import { priceSubscription, type CatalogueProduct, type PricedSubscription, type SiteCounts, type Subscription } from '../../engine/agreements';

/**
 * The live totals: the engine's `priceSubscription` (the same the preview, the PDF and the server
 * run), recomputed only when the subscription, the catalogue or the counts change: typing in the
 * notes or the company details prices nothing (the budget: under 5 ms a change at 40 products).
 */
export function usePricing(subscription: Subscription, catalogue: readonly CatalogueProduct[], counts: SiteCounts): PricedSubscription {
  return useMemo(() => priceSubscription(subscription, catalogue, counts), [subscription, catalogue, counts]);
}

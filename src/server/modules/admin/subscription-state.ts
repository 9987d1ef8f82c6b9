/** Active while the last paid period has not ended; Expired after; null when never paid (as NearestPaymentEndDate). */
export function subscriptionOf(lastEnd: number | null, nowSeconds: number): 'Active' | 'Expired' | null {
  if (lastEnd === null) return null;
  return lastEnd > nowSeconds ? 'Active' : 'Expired';
}

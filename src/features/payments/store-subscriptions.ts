// /payments/subscriptions: the owner's subscriptions, auto-pay on or off, and cancelling.
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { outcome, type Outcome } from './store.ts';

export type Subscription = components['schemas']['Subscription'];

export interface SubscriptionsState {
  items: Subscription[];
  loading: boolean;
  failed: boolean;
}

export const $subscriptions = atom<SubscriptionsState>({ items: [], loading: true, failed: false });

const patch = (change: Partial<SubscriptionsState>) => $subscriptions.set({ ...$subscriptions.get(), ...change });
const replace = (row: Subscription) => patch({ items: $subscriptions.get().items.map((s) => (s.id === row.id ? row : s)) });
const path = (subscriptionId: number) => ({ params: { path: { subscriptionId } } });

export async function loadSubscriptions(): Promise<void> {
  patch({ loading: true, failed: false });
  const { data } = await outcome(api().GET('/Payments/Subscriptions'));
  patch(data ? { items: data.subscriptions, loading: false } : { loading: false, failed: true });
}

/** Auto-pay on or off; the row shows the answer (409 autoPayNeedsCheckout leaves it as it was). */
export async function setSubscriptionAutoPay(id: number, autoPay: boolean): Promise<Outcome<Subscription>> {
  const result = await outcome(api().PATCH('/Payments/Subscriptions/{subscriptionId}', { ...path(id), body: { autoPay } }));
  if (result.data) replace(result.data);
  return result;
}

export async function cancelSubscription(id: number): Promise<Outcome<Subscription>> {
  const result = await outcome(api().POST('/Payments/Subscriptions/{subscriptionId}/Cancel', path(id)));
  if (result.data) replace(result.data);
  return result;
}

// How the owner's numbers send (docs/connections.md "Sending and pacing"): a number's warm-up, cap and pause, and
// the owner's fallback order. Calls only; the islands keep what they read.
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { outcome } from './store.ts';

export type NumberSending = components['schemas']['NumberSending'];
export type ChannelKind = components['schemas']['SendingSettings']['fallbackOrder'][number];

/** Every kind the fallback order may hold, in the order the add buttons offer them. */
export const CHANNEL_KINDS: readonly ChannelKind[] = ['whatsapp', 'telegram', 'sms'];
/** The contract's bounds of the order (minItems, maxItems). */
export const FALLBACK_MIN = 1;
export const FALLBACK_MAX = CHANNEL_KINDS.length;

export const readSending = (id: number) =>
  outcome(api().GET('/Accounts/WhatsApp/{connectionId}/Sending', { params: { path: { connectionId: id } } }));

export const resumeSending = (id: number) =>
  outcome(api().POST('/Accounts/WhatsApp/{connectionId}/Resume', { params: { path: { connectionId: id } } }));

export const readFallbackOrder = () => outcome(api().GET('/Accounts/Sending'));

export const saveFallbackOrder = (fallbackOrder: ChannelKind[]) => outcome(api().PUT('/Accounts/Sending', { body: { fallbackOrder } }));

/** Moves the kind at `index` one place up (-1) or down (+1); the order unchanged at an end. */
export function moveKind(order: readonly ChannelKind[], index: number, by: -1 | 1): ChannelKind[] {
  const to = index + by;
  const next = [...order];
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

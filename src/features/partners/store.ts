// The partners screens (/partners/promocodes, /partners/promocode): the referral programme's state and every call
// of the partners API they make.
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';

export type Programme = components['schemas']['ReferralProgramme'];
export type ReferralLink = components['schemas']['ReferralLink'];
export type ReferralReward = components['schemas']['ReferralReward'];
export type PromocodeCheck = components['schemas']['PromocodeCheck'];
type Problem = components['schemas']['Problem'];

/** A call's outcome: its data, or the problem (status and code; no code when the call itself failed). */
export type Outcome<T> = { data: T; problem?: undefined } | { data?: undefined; problem: Partial<Problem> };

export const REWARDS_PAGE_SIZE = 20;

export interface ProgrammeState {
  programme?: Programme;
  page: number;
  loading: boolean;
  failed: boolean;
}

export const $programme = atom<ProgrammeState>({ page: 1, loading: true, failed: false });

async function outcome<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok && !error) return { data: data as T };
    return { problem: { ...(error as Partial<Problem> | undefined), status: response.status } };
  } catch {
    return { problem: {} }; // no answer: the network text
  }
}

const patch = (change: Partial<ProgrammeState>) => $programme.set({ ...$programme.get(), ...change });

/** The programme with one page of rewards (the first call also creates the owner's code). */
export async function loadProgramme(page = $programme.get().page): Promise<void> {
  patch({ loading: true, failed: false });
  const { data } = await outcome(api().GET('/Partners/Referral', { params: { query: { page, pageSize: REWARDS_PAGE_SIZE } } }));
  patch(data ? { programme: data, page, loading: false } : { loading: false, failed: true });
}

export async function createLink(name: string): Promise<Outcome<ReferralLink>> {
  const result = await outcome(api().POST('/Partners/Referral/Links', { body: { name: name.trim() } }));
  const current = $programme.get().programme;
  if (result.data && current) patch({ programme: { ...current, links: [...current.links, result.data] } });
  return result;
}

export async function deleteLink(id: number): Promise<Outcome<true>> {
  const result = await outcome(api().DELETE('/Partners/Referral/Links/{linkId}', { params: { path: { linkId: id } } }).then((r) => ({ ...r, data: r.response.ok ? (true as const) : undefined })));
  const current = $programme.get().programme;
  // Gone already (another tab) is gone: the list drops it either way.
  if (current && (result.data || result.problem?.status === 404)) patch({ programme: { ...current, links: current.links.filter((l) => l.id !== id) } });
  return result;
}

/** Every reward, all pages, for the CSV. */
export async function allRewards(): Promise<ReferralReward[] | undefined> {
  const out: ReferralReward[] = [];
  for (let page = 1; ; page++) {
    const { data } = await outcome(api().GET('/Partners/Referral', { params: { query: { page, pageSize: 100 } } }));
    if (!data) return undefined;
    out.push(...data.rewards);
    if (page >= data.pages) return out;
  }
}

export const checkPromocode = (promocode: string): Promise<Outcome<PromocodeCheck>> =>
  outcome(api().POST('/Partners/Promocode/Check', { body: { promocode: promocode.trim() } }));

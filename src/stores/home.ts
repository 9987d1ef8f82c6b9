/**
 * Home (issue 16): the setup checklist, the trial and the week at a glance, from the one `GET /Home` read. Also read by
 * the quick start's result screen (the trial's end) — one call, one place.
 */
import { atom } from 'nanostores';
import type { components } from '../api/schema.d.ts';
// api() starts the session first: an island can hydrate before the shell's script has wired it.
import { api } from '../api/browser.ts';

export type HomeState = components['schemas']['HomeState'];
export type ChecklistStep = keyof HomeState['checklist'];

/** The steps in the order an owner takes them. */
export const CHECKLIST_STEPS: readonly ChecklistStep[] = ['whatsApp', 'bookingSystem', 'quickstart', 'testFlow', 'combatFlow', 'paid'];

export type HomeLoad = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; home: HomeState };

export const $home = atom<HomeLoad>({ state: 'loading' });

/** Loads Home; Home, the quick start's result and the template badges may all ask at once: one call serves them. */
export function loadHome(): Promise<void> {
  inFlight ??= (async () => {
    try {
      const { data } = await api().GET('/Home');
      $home.set(data ? { state: 'ready', home: data } : { state: 'failed' });
    } catch {
      $home.set({ state: 'failed' }); // no connection: the screen offers to try again
    } finally {
      inFlight = undefined;
    }
  })();
  return inFlight;
}
let inFlight: Promise<void> | undefined;

/** Whether the week has anything to show; otherwise Home leads to the first step instead of zeros. */
export const weekHasData = (home: HomeState): boolean => home.week.sent > 0 || home.week.runningFlows > 0;

/** The trial banner: shown while the owner has a trial and has not paid. */
export function trialNotice(home: HomeState, nowMs: number): { state: 'active' | 'ended'; endsAt: number } | undefined {
  if (home.trialEndsAt === null || home.checklist.paid) return undefined;
  return { state: home.trialEndsAt * 1000 > nowMs ? 'active' : 'ended', endsAt: home.trialEndsAt };
}

// WhatsApp Business through 360dialog (/accounts/dialog360 and its connect callback): the accounts, the templates of
// the account the owner has open, and every call of the screen (docs/connections.md "Screens").
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components, operations } from '../../api/schema.d.ts';
import { deleted, emptyList, loadList, outcome, path, removeFrom, saved, type Outcome } from './store.ts';

export type WabaAccount = components['schemas']['WabaAccount'];
export type WabaTemplate = components['schemas']['WabaTemplate'];
export type NewTemplate = operations['createWabaTemplate']['requestBody']['content']['application/json'];

/** Meta's limits on a template: the body, the footer. */
export const BODY_MAX = 1024;
export const FOOTER_MAX = 60;
/** Meta's categories, in the order the select offers them (a reminder is UTILITY, the common case). */
export const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export const MEDIA_FORMATS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
/** Common Meta language codes for the select; any other code can be typed. */
export const LANGUAGES = ['ru', 'en_US', 'en_GB', 'uk', 'kk', 'uz', 'pt_BR', 'pt_PT', 'es', 'es_MX', 'de', 'fr', 'it', 'tr', 'ar'] as const;

/** The distinct {{n}} of a text in ascending order: one example input per variable. */
export const variablesIn = (text: string): number[] =>
  [...new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);

export const $waba = atom(emptyList<WabaAccount>());

/** The templates of one account (the one whose panel is open). */
interface TemplatesState {
  accountId: number;
  items: WabaTemplate[];
  loading: boolean;
  failed: boolean;
}
const NO_TEMPLATES: TemplatesState = { accountId: 0, items: [], loading: false, failed: false };
export const $wabaTemplates = atom<TemplatesState>(NO_TEMPLATES);

export const loadWabaAccounts = () => loadList($waba, async () => {
  const { data, problem } = await outcome(api().GET('/Accounts/Waba'));
  return data ? { data: data.accounts } : { problem: problem! };
});
export const addWabaAccount = (input: { name: string; apiKey: string }) =>
  saved($waba, api().POST('/Accounts/Waba', { body: { apiKey: input.apiKey.trim(), ...(input.name.trim() ? { name: input.name.trim() } : {}) } }));
/** Read again: its state, template count and sync time change with a sync or a create. */
const refreshWabaAccount = (id: number) => saved($waba, api().GET('/Accounts/Waba/{connectionId}', path(id)));
/** A new key for a revoked or changed one: the same account (its id, flows and templates) Connected again. */
export const replaceWabaKey = (id: number, apiKey: string) => saved($waba, api().PUT('/Accounts/Waba/{connectionId}/Key', { ...path(id), body: { apiKey: apiKey.trim() } }));
/** The webhook set again (an account added before the server had an https address). */
export const setWabaWebhookAgain = (id: number) => saved($waba, api().POST('/Accounts/Waba/{connectionId}/Webhook', path(id)));
export async function deleteWabaAccount(id: number): Promise<Outcome<true>> {
  const result = await removeFrom($waba, id, api().DELETE('/Accounts/Waba/{connectionId}', path(id)));
  if (result.data && $wabaTemplates.get().accountId === id) $wabaTemplates.set(NO_TEMPLATES);
  return result;
}

/** The connect callback of 360dialog's sign-up (`/accounts/dialog360/{token}/{accountId}`). */
export const connectWabaCallback = (token: string, accountId: string) => outcome(api().POST('/Accounts/Waba/Callback', { body: { token, accountId } }));

const setTemplates = (change: Partial<TemplatesState>) => $wabaTemplates.set({ ...$wabaTemplates.get(), ...change });

export async function loadWabaTemplates(accountId: number): Promise<void> {
  const keep = $wabaTemplates.get().accountId === accountId ? $wabaTemplates.get().items : [];
  $wabaTemplates.set({ accountId, items: keep, loading: true, failed: false });
  const { data } = await outcome(api().GET('/Accounts/Waba/{connectionId}/Templates', path(accountId)));
  if ($wabaTemplates.get().accountId !== accountId) return; // another account was opened meanwhile
  setTemplates(data ? { items: data.templates, loading: false } : { loading: false, failed: true });
}

/** Pulls the templates from 360dialog; the account is read again either way (a refused key turns it `error`). */
export async function syncWabaTemplates(accountId: number): Promise<Outcome<WabaTemplate[]>> {
  const result = await outcome(api().POST('/Accounts/Waba/{connectionId}/Templates/Sync', path(accountId)));
  if (result.data && $wabaTemplates.get().accountId === accountId) setTemplates({ items: result.data.templates, failed: false });
  await refreshWabaAccount(accountId);
  return result.data ? { data: result.data.templates } : { problem: result.problem };
}

export async function createWabaTemplate(accountId: number, template: NewTemplate): Promise<Outcome<WabaTemplate>> {
  const result = await outcome(api().POST('/Accounts/Waba/{connectionId}/Templates', { ...path(accountId), body: template }));
  if (result.data && $wabaTemplates.get().accountId === accountId) {
    const row = result.data;
    const others = $wabaTemplates.get().items.filter((t) => !(t.name === row.name && t.language === row.language));
    setTemplates({ items: [...others, row].sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language)) });
    await refreshWabaAccount(accountId);
  }
  return result;
}

/** Deletes every language of the name (360dialog deletes by name). */
export async function deleteWabaTemplate(accountId: number, name: string): Promise<Outcome<true>> {
  const result = await deleted(api().DELETE('/Accounts/Waba/{connectionId}/Templates/{name}', { params: { path: { connectionId: accountId, name } } }));
  if (result.data && $wabaTemplates.get().accountId === accountId) {
    setTemplates({ items: $wabaTemplates.get().items.filter((t) => t.name !== name) });
    await refreshWabaAccount(accountId);
  }
  return result;
}

// The owner's Chatwoot connection (/accounts/chatwoot, docs/chatwoot.md): one list atom; the access token comes back
// masked only, and the form forgets it after a save.
import { atom } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';
import { emptyList, loadList, outcome, path, removeFrom, saved, type ProviderList } from './store.ts';

export type ChatwootAccount = components['schemas']['ChatwootAccount'];

export const $chatwoot = atom<ProviderList<ChatwootAccount>>(emptyList());
/** How many connections the owner may have (the server's answer; 1 until it answers). */
export const $chatwootLimit = atom(1);

export interface ChatwootInput {
  baseUrl: string;
  accountId: string;
  apiAccessToken: string;
}

export const loadChatwootAccounts = () =>
  loadList($chatwoot, async () => {
    const { data, problem } = await outcome(api().GET('/Accounts/Chatwoot'));
    if (data) $chatwootLimit.set(data.limit);
    return data ? { data: data.accounts } : { problem: problem! };
  });

/** The account id as typed: digits only, else 0 (the server answers 400 naming `accountId`). */
export const accountIdOf = (text: string) => (/^\s*\d{1,10}\s*$/.test(text) ? Number(text.trim()) : 0);

export const connectChatwoot = (input: ChatwootInput) =>
  saved($chatwoot, api().POST('/Accounts/Chatwoot', { body: { baseUrl: input.baseUrl.trim(), accountId: accountIdOf(input.accountId), apiAccessToken: input.apiAccessToken.trim() } }));

export const deleteChatwoot = (id: number) => removeFrom($chatwoot, id, api().DELETE('/Accounts/Chatwoot/{connectionId}', path(id)));

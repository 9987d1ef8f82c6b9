import { atom, map } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { components } from '../../api/schema.d.ts';

// The owner's WhatsApp Business accounts and their templates, as the flow editor's "Send from" offers them
// (docs/flows.md "WhatsApp Business template"). Read-only here; the accounts' own screen manages them.

export type WabaAccount = components['schemas']['WabaAccount'];
export type WabaTemplate = components['schemas']['WabaTemplate'];

export const $wabaAccounts = atom<{ accounts: WabaAccount[]; failed: boolean }>({ accounts: [], failed: false });
/** Templates by account id; `failed` when they could not be read. */
export const $wabaTemplates = map<Record<string, { templates: WabaTemplate[]; failed: boolean } | undefined>>({});

export async function loadWabaAccounts(): Promise<void> {
  const { data } = await api()
    .GET('/Accounts/Waba')
    .catch(() => ({ data: undefined }));
  $wabaAccounts.set(data ? { accounts: data.accounts, failed: false } : { ...$wabaAccounts.get(), failed: true });
}

export async function loadWabaTemplates(connectionId: number): Promise<void> {
  const { data } = await api()
    .GET('/Accounts/Waba/{connectionId}/Templates', { params: { path: { connectionId } } })
    .catch(() => ({ data: undefined }));
  $wabaTemplates.setKey(String(connectionId), data ? { templates: data.templates, failed: false } : { templates: [], failed: true });
}

/** The templates a flow may send: approved by Meta and standard (a media header needs an upload the engine lacks). */
export const sendableTemplates = (templates: readonly WabaTemplate[]) => templates.filter((t) => t.status === 'approved' && t.type === 'standard');

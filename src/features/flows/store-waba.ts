import { map } from 'nanostores';
import { api } from '../../api/browser.ts';
import type { WabaTemplate } from '../connections/store-waba.ts';

// The templates of the owner's WhatsApp Business accounts, as the flow editor's "Send from" offers them
// (docs/flows.md "WhatsApp Business template"). Read-only here; the accounts themselves are the connections
// store's (`$waba`, `loadWabaAccounts`), as the WhatsApp numbers are, and their own screen manages them.

export type { WabaTemplate } from '../connections/store-waba.ts';

/** Templates by account id, kept while the editor switches between accounts; `failed` when they could not be read. */
export const $wabaTemplates = map<Record<string, { templates: WabaTemplate[]; failed: boolean } | undefined>>({});

export async function loadWabaTemplates(connectionId: number): Promise<void> {
  const { data } = await api()
    .GET('/Accounts/Waba/{connectionId}/Templates', { params: { path: { connectionId } } })
    .catch(() => ({ data: undefined }));
  $wabaTemplates.setKey(String(connectionId), data ? { templates: data.templates, failed: false } : { templates: [], failed: true });
}

/** The templates a flow may send: approved by Meta and standard (a media header needs an upload the engine lacks). */
export const sendableTemplates = (templates: readonly WabaTemplate[]) => templates.filter((t) => t.status === 'approved' && t.type === 'standard');

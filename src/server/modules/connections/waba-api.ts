import type { ServerConfig } from '../../platform/config.ts';
import { isDownAnswer, providerCall, type ProviderAnswer } from './provider-call.ts';
import type { WabaTemplateValues } from './store-waba.ts';

// 360dialog's WhatsApp Business API (providers.md D.2): `D360-API-KEY` on every call; templates at
// /v1/configs/templates. A wrong key is 401 `{ meta: { developer_message: "Invalid api key" } }`; Meta's refusals
// are Graph-style `{ error: { code, message } }` (docs/connections.md "WhatsApp Business (360dialog)").

type Config = Pick<ServerConfig, 'providers'>;
type Down = { down: string };

/** What one listing page holds; more pages are asked while `total` says there are. */
const PAGE = 250;
/** 250 names × a few languages: past this many rows a listing stops (a WABA cannot hold more in practice). */
const MAX_ROWS = 2500;

const headers = (apiKey: string) => ({ 'D360-API-KEY': apiKey });
const url = (config: Config, path: string) => `${config.providers.dialog360ApiUrl}${path}`;

/** A template as 360dialog lists it → our row (status lower-case, category upper-case, as the live shape has them). */
export function templateOf(raw: unknown): WabaTemplateValues | undefined {
  const t = (raw ?? {}) as { name?: unknown; language?: unknown; status?: unknown; category?: unknown; rejected_reason?: unknown; components?: unknown };
  if (typeof t.name !== 'string' || typeof t.language !== 'string' || !t.name || !t.language) return undefined;
  const components = Array.isArray(t.components) ? (t.components as { type?: unknown; format?: unknown; text?: unknown }[]) : [];
  const header = components.find((c) => String(c?.type).toUpperCase() === 'HEADER');
  const body = components.find((c) => String(c?.type).toUpperCase() === 'BODY');
  const media = ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(String(header?.format).toUpperCase());
  const reason = typeof t.rejected_reason === 'string' && t.rejected_reason && t.rejected_reason !== 'NONE' ? t.rejected_reason : null;
  return {
    name: t.name.slice(0, 512),
    language: t.language.slice(0, 20),
    status: typeof t.status === 'string' && t.status ? t.status.toLowerCase().slice(0, 40) : 'unknown',
    category: typeof t.category === 'string' && t.category ? t.category.toUpperCase().slice(0, 40) : 'UNKNOWN',
    rejectedReason: reason?.slice(0, 500) ?? null,
    type: media ? 'media' : 'standard',
    body: typeof body?.text === 'string' ? body.text.slice(0, 4096) : '',
  };
}

/**
 * Which WhatsApp Business account a key belongs to, as its templates listing says: 360dialog's rows carry
 * `waba_account_id` (and the account's `namespace`); an account without templates names none (docs/connections.md
 * "Replacing the key").
 */
function wabaIdOf(raw: unknown): string | undefined {
  const t = (raw ?? {}) as { waba_account_id?: unknown; namespace?: unknown };
  const id = typeof t.waba_account_id === 'string' && t.waba_account_id ? t.waba_account_id : typeof t.namespace === 'string' && t.namespace ? `ns:${t.namespace}` : undefined;
  return id?.slice(0, 200);
}

/** Every template of the account and the account's id when a row names it (a wrong key is `rejected`). */
export async function listWabaAccount(config: Config, apiKey: string): Promise<{ templates: WabaTemplateValues[]; wabaId: string | undefined } | 'rejected' | Down> {
  const out: WabaTemplateValues[] = [];
  let wabaId: string | undefined;
  for (let offset = 0; offset < MAX_ROWS; offset += PAGE) {
    const a = await providerCall(url(config, `/v1/configs/templates?limit=${PAGE}&offset=${offset}`), { headers: headers(apiKey) });
    if (isDownAnswer(a)) return a;
    if (a.status === 401 || a.status === 403) return 'rejected';
    const body = a.body as { waba_templates?: unknown; total?: unknown } | undefined;
    if (a.status !== 200 || !Array.isArray(body?.waba_templates)) return { down: `unexpected answer ${a.status}` };
    for (const raw of body.waba_templates) {
      const t = templateOf(raw);
      if (t) out.push(t);
      wabaId ??= wabaIdOf(raw);
    }
    const total = typeof body.total === 'number' ? body.total : 0;
    if (body.waba_templates.length < PAGE || offset + PAGE >= total) break;
  }
  return { templates: out, wabaId };
}

/** Every template of the account (the check on save is this listing: a wrong key is `rejected`). */
export async function listWabaTemplates(config: Config, apiKey: string): Promise<WabaTemplateValues[] | 'rejected' | Down> {
  const listed = await listWabaAccount(config, apiKey);
  return typeof listed === 'object' && 'templates' in listed ? listed.templates : listed;
}

/** Meta's words for a refusal (Graph error, or 360dialog's meta block). */
export function refusalOf(a: { body: unknown }): string {
  const b = (a.body ?? {}) as { error?: { message?: unknown; error_user_msg?: unknown }; meta?: { developer_message?: unknown } };
  const text = b.error?.error_user_msg ?? b.error?.message ?? b.meta?.developer_message;
  return typeof text === 'string' && text ? text.slice(0, 300) : 'no reason given';
}

export type TemplateCall = { ok: true; status: string } | 'rejected' | { refused: string } | Down;

/** Submits a template to Meta through 360dialog; it comes back pending (or submitted) until Meta decides. */
export async function createWabaTemplate(config: Config, apiKey: string, payload: Record<string, unknown>): Promise<TemplateCall> {
  const a = await providerCall(url(config, '/v1/configs/templates'), { headers: headers(apiKey), json: payload });
  return templateAnswer(a);
}

/** Deletes every language of a template name at 360dialog (a missing one is `{ refused }` with 404). */
export async function deleteWabaTemplateAt(config: Config, apiKey: string, name: string): Promise<TemplateCall | 'missing'> {
  const a = await providerCall(url(config, `/v1/configs/templates/${encodeURIComponent(name)}`), { method: 'DELETE', headers: headers(apiKey) });
  if (!isDownAnswer(a) && a.status === 404) return 'missing';
  return templateAnswer(a);
}

function templateAnswer(a: ProviderAnswer): TemplateCall {
  if (isDownAnswer(a)) return a;
  if (a.status === 401 || a.status === 403) return 'rejected';
  if (a.status >= 200 && a.status < 300) {
    const status = (a.body as { status?: unknown } | undefined)?.status;
    return { ok: true, status: typeof status === 'string' && status ? status.toLowerCase().slice(0, 40) : 'submitted' };
  }
  return { refused: refusalOf(a) };
}

/** The header 360dialog sends back with every webhook call (docs/connections.md "WhatsApp Business (360dialog)"). */
export const WABA_SECRET_HEADER = 'X-Cabinet-Token';

/**
 * Points the number's webhook at us: `POST /v1/configs/webhook { url, headers }` (docs.360dialog.com "Set Webhook
 * URL": the custom headers come with every notification), our secret among them.
 */
export async function setWabaWebhook(config: Config, apiKey: string, hookUrl: string, secret: string): Promise<true | 'rejected' | Down> {
  const a = await providerCall(url(config, '/v1/configs/webhook'), { headers: headers(apiKey), json: { url: hookUrl, headers: { [WABA_SECRET_HEADER]: secret } } });
  if (isDownAnswer(a)) return a;
  if (a.status === 401 || a.status === 403) return 'rejected';
  return a.status >= 200 && a.status < 300 ? true : { down: `webhook refused (${a.status}): ${refusalOf(a)}` };
}

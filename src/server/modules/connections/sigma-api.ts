import type { ServerConfig } from '../../platform/config.ts';
import { isDownAnswer, providerCall } from './provider-call.ts';

// Sigma SMS (sigmasms.ru). Its HTTP API page (sigmasms.ru/api/http/) was not in the reference corpus; the shapes
// here are those its public client libraries use (docs/connections.md "Sigma SMS"): POST /api/login
// `{ username, password }` → `{ token, id }`, then the token as the `Authorization` header.

/** Alphanumeric sender names are at most 11 characters (GSM 03.38 TP-OA); a numeric sender up to 15 digits. */
export const SIGMA_SENDER = /^(?=.*[A-Za-z])[A-Za-z0-9 ._-]{1,11}$|^\+?\d{3,15}$/;

export async function sigmaLogin(config: Pick<ServerConfig, 'providers'>, login: string, password: string): Promise<{ token: string } | 'rejected' | { down: string }> {
  const a = await providerCall(`${config.providers.sigmaApiUrl}/api/login`, { json: { username: login, password } });
  if (isDownAnswer(a)) return a;
  const body = a.body as { token?: unknown; error?: unknown } | undefined;
  if (a.status === 200 && typeof body?.token === 'string' && body.token) return { token: body.token };
  if (a.status >= 400 && a.status < 500) return 'rejected';
  return a.status === 200 && body?.error ? 'rejected' : { down: `unexpected answer ${a.status}` };
}

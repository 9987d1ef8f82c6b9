import { randomBytes, randomUUID } from 'node:crypto';
import { sendJson, startFake, type FakeServer } from './http-fake.ts';

/**
 * iikoCloud API double (docs/iiko.md; shapes from the SDK generated from iiko's OpenAPI description, research-19.md
 * §2): POST /api/1/access_token `{apiLogin}` → `{correlationId, token}` (1 h tokens; an unknown login 401), then
 * `Authorization: Bearer <token>` on every other call (401 for a missing, unknown or expired token);
 * /api/1/organizations → `{organizations: [{id, name}]}` the login reaches; /api/1/terminal_groups
 * `{organizationIds, includeDisabled}` → `{terminalGroups: [{organizationId, items}]}` (groups not granted to the
 * login hidden unless includeDisabled); /api/1/webhooks/settings and update_settings (one URI per organization:
 * update overwrites). An organization the login does not reach is a 400 (iiko's "not found"). Errors are
 * `{correlationId, errorDescription, error}`.
 */
export interface IikoFakeOrganization {
  id: string;
  name: string;
  terminals: { id: string; name: string; granted: boolean }[];
  webhook: { webHooksUri: string | null; authToken: string | null; apiLoginName: string | null };
}

export interface IikoFake extends FakeServer {
  /** apiLogin → the organization ids it reaches. */
  logins: Map<string, string[]>;
  organizations: Map<string, IikoFakeOrganization>;
  /** Adds an organization reached by `apiLogin` with one granted and one hidden terminal group. */
  organization(apiLogin: string, name: string): IikoFakeOrganization;
  tokensIssued: number;
  /** Every token issued so far expires (as after an hour). */
  expireTokens(): void;
  /** While set, every call answers this status (503: iiko down, 408: its timeout). */
  down: number | null;
  /** path → a 200 body answered instead of the real one (an answer in a shape iiko's description does not give). */
  bodies: Map<string, unknown>;
}

const error = (description: string, code?: string) => ({ correlationId: randomUUID(), errorDescription: description, error: code ?? null });

export async function startIikoFake(): Promise<IikoFake> {
  const tokens = new Map<string, { login: string; until: number }>();
  const fake = { logins: new Map(), organizations: new Map(), tokensIssued: 0, down: null, bodies: new Map() } as unknown as IikoFake;

  const server = await startFake((req, raw, res) => {
    if (fake.down) return sendJson(res, fake.down, error('Service unavailable'));
    if (req.method !== 'POST') return sendJson(res, 405, error('Method not allowed'));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw || '{}');
    } catch {
      return sendJson(res, 400, error('Invalid JSON'));
    }
    if (req.url === '/api/1/access_token') {
      const login = body.apiLogin;
      if (typeof login !== 'string' || !fake.logins.has(login)) return sendJson(res, 401, error('Login is not authorized'));
      const token = randomBytes(24).toString('hex');
      tokens.set(token, { login, until: Date.now() + 3_600_000 });
      fake.tokensIssued++;
      return sendJson(res, 200, { correlationId: randomUUID(), token });
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const session = bearer ? tokens.get(bearer) : undefined;
    if (!session || session.until < Date.now()) return sendJson(res, 401, error('Token is expired or invalid'));
    if (fake.bodies.has(req.url ?? '')) return sendJson(res, 200, fake.bodies.get(req.url ?? ''));
    const reach = fake.logins.get(session.login) ?? [];
    const org = (id: unknown) => (typeof id === 'string' && reach.includes(id) ? fake.organizations.get(id) : undefined);
    const notFound = () => sendJson(res, 400, error('Organization not found', 'Common_OrganizationNotFound'));
    switch (req.url) {
      case '/api/1/organizations':
        return sendJson(res, 200, { correlationId: randomUUID(), organizations: reach.map((id) => ({ id, name: fake.organizations.get(id)!.name })) });
      case '/api/1/terminal_groups': {
        const ids = body.organizationIds;
        if (!Array.isArray(ids) || !ids.length) return sendJson(res, 400, error('organizationIds is required'));
        const orgs = ids.map(org);
        if (orgs.some((o) => !o)) return notFound();
        return sendJson(res, 200, {
          correlationId: randomUUID(),
          terminalGroups: orgs.map((o) => ({ organizationId: o!.id, items: o!.terminals.filter((t) => t.granted || body.includeDisabled === true).map((t) => ({ id: t.id, organizationId: o!.id, name: t.name })) })),
          terminalGroupsInSleep: [],
        });
      }
      case '/api/1/webhooks/settings': {
        const o = org(body.organizationId);
        if (!o) return notFound();
        return sendJson(res, 200, { correlationId: randomUUID(), ...o.webhook, webHooksFilter: null });
      }
      case '/api/1/webhooks/update_settings': {
        const o = org(body.organizationId);
        if (!o) return notFound();
        if (typeof body.webHooksUri !== 'string' || !body.webHooksUri) return sendJson(res, 400, error('webHooksUri is required'));
        o.webhook = { webHooksUri: body.webHooksUri, authToken: typeof body.authToken === 'string' ? body.authToken : null, apiLoginName: session.login };
        return sendJson(res, 200, { correlationId: randomUUID() });
      }
      default:
        return sendJson(res, 404, error('Not found'));
    }
  });

  return Object.assign(fake, server, {
    organization(apiLogin: string, name: string) {
      const o: IikoFakeOrganization = {
        id: randomUUID(),
        name,
        terminals: [
          { id: randomUUID(), name: `${name} hall`, granted: true },
          { id: randomUUID(), name: `${name} kitchen`, granted: false },
        ],
        webhook: { webHooksUri: null, authToken: null, apiLoginName: null },
      };
      fake.organizations.set(o.id, o);
      fake.logins.set(apiLogin, [...(fake.logins.get(apiLogin) ?? []), o.id]);
      return o;
    },
    expireTokens() {
      for (const t of tokens.values()) t.until = 0;
    },
  });
}

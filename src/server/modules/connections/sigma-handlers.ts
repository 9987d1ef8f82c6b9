import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { masked } from '../../platform/crypto/sealing.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { providerDown } from './provider-call.ts';
import { commonFields, sealedConnections, type Sealed } from './sealed.ts';
import { SIGMA_SENDER, sigmaLogin } from './sigma-api.ts';
import { deleteConnection } from './store.ts';

type SigmaAccount = components['schemas']['SigmaAccount'];

/** The owner's Sigma SMS accounts (§2 /accounts/sigma; docs/connections.md "Sigma SMS"). */
export function sigmaHandlers(ctx: AppContext): Handlers<'listSigmaAccounts' | 'addSigmaAccount' | 'getSigmaAccount' | 'deleteSigmaAccount'> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);

  const toAccount = ({ connection: c, credentials }: Sealed<'sigma'>): SigmaAccount => ({
    ...commonFields(c),
    login: credentials.login,
    sender: credentials.sender,
    passwordMasked: masked(credentials.password),
  });
  const own = (req: Parameters<typeof requireAuth>[0], id: number) => sealed.own(req, id, 'sigma', 'sigmaNotFound');

  return {
    async listSigmaAccounts(req) {
      return { accounts: (await sealed.list(requireAuth(req).userId, 'sigma')).map(toAccount) };
    },

    async addSigmaAccount(req, reply) {
      const userId = requireAuth(req).userId;
      const login = req.body.login.trim();
      const sender = req.body.sender.trim();
      const { password } = req.body;
      if (!login) throw invalidField('login', 'blank');
      if (!SIGMA_SENDER.test(sender)) throw invalidField('sender', 'sigmaSenderInvalid');
      const checked = await sigmaLogin(config, login, password);
      if (checked === 'rejected') throw invalidField('password', 'sigmaCredentialsRejected');
      if ('down' in checked) throw providerDown(checked);
      const row = await sealed.add('sigma', { userId, name: login, state: 'Connected', at: new Date(config.now()) }, { login, password, sender });
      reply.code(201);
      return toAccount(await own(req, row.id));
    },

    async getSigmaAccount(req) {
      return toAccount(await own(req, req.params.connectionId));
    },

    async deleteSigmaAccount(req, reply) {
      const account = await own(req, req.params.connectionId);
      await deleteConnection(db, account.connection.id);
      reply.code(204);
    },
  };
}

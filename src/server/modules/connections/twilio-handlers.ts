import type { components } from '../../../api/schema.d.ts';
import type { AppContext } from '../../platform/context.ts';
import { masked } from '../../platform/crypto/sealing.ts';
import { requireAuth } from '../../platform/http/auth.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import type { Handlers } from '../../platform/http/types.ts';
import { providerDown } from './provider-call.ts';
import { commonFields, sealedConnections, type Sealed } from './sealed.ts';
import { deleteConnection } from './store.ts';
import { ACCOUNT_SID, checkTwilioAccount, TWILIO_FROM } from './twilio-api.ts';

type TwilioAccount = components['schemas']['TwilioAccount'];

/** The owner's Twilio senders (§2 /accounts/twilio; docs/connections.md "Twilio"). */
export function twilioHandlers(ctx: AppContext): Handlers<'listTwilioAccounts' | 'addTwilioAccount' | 'getTwilioAccount' | 'deleteTwilioAccount'> {
  const { db, config } = ctx;
  const sealed = sealedConnections(db, config);

  const toAccount = ({ connection: c, credentials }: Sealed<'twilio'>): TwilioAccount => ({
    ...commonFields(c),
    name: c.name,
    accountSid: credentials.accountSid,
    authTokenMasked: masked(credentials.authToken),
    phone: credentials.from,
    channel: credentials.from.startsWith('whatsapp:') ? 'whatsapp' : 'sms',
  });
  const own = (req: Parameters<typeof requireAuth>[0], id: number) => sealed.own(req, id, 'twilio', 'twilioNotFound');

  return {
    async listTwilioAccounts(req) {
      return { accounts: (await sealed.list(requireAuth(req).userId, 'twilio')).map(toAccount) };
    },

    async addTwilioAccount(req, reply) {
      const userId = requireAuth(req).userId;
      const accountSid = req.body.accountSid.trim();
      const authToken = req.body.authToken.trim();
      const from = req.body.phone.replace(/[\s()-]/g, '').toLowerCase();
      if (!ACCOUNT_SID.test(accountSid)) throw invalidField('accountSid', 'twilioSidInvalid');
      if (!/^[A-Za-z0-9]{16,128}$/.test(authToken)) throw invalidField('authToken', 'twilioCredentialsRejected');
      if (!TWILIO_FROM.test(from)) throw invalidField('phone', 'twilioPhoneInvalid');
      const checked = await checkTwilioAccount(config, accountSid, authToken);
      if (checked === 'rejected') throw invalidField('authToken', 'twilioCredentialsRejected');
      if (checked === 'inactive') throw invalidField('accountSid', 'twilioAccountInactive');
      if (typeof checked === 'object') throw providerDown(checked);
      const name = req.body.name?.trim() || from;
      const row = await sealed.add('twilio', { userId, name, phone: from.replace(/\D/g, ''), state: 'Connected', at: new Date(config.now()) }, { accountSid, authToken, from });
      reply.code(201);
      return toAccount(await own(req, row.id));
    },

    async getTwilioAccount(req) {
      return toAccount(await own(req, req.params.connectionId));
    },

    async deleteTwilioAccount(req, reply) {
      const account = await own(req, req.params.connectionId);
      await deleteConnection(db, account.connection.id);
      reply.code(204);
    },
  };
}

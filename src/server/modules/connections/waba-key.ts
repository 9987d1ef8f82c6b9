import type { AppContext } from '../../platform/context.ts';
import { newSecret, sha256 } from '../../platform/auth/secrets.ts';
import { invalidField } from '../../platform/http/field-error.ts';
import { HttpError } from '../../platform/http/problem.ts';
import { providerDown } from './provider-call.ts';
import { sealedConnections, type Sealed } from './sealed.ts';
import { connectionBySession, setState } from './store.ts';
import { replaceSealed } from './store-secrets.ts';
import { replaceWabaTemplates, wabaTemplatesOf, type WabaTemplateValues } from './store-waba.ts';
import { listWabaAccount, setWabaWebhook } from './waba-api.ts';
import { NO_HTTPS_ORIGIN, wabaWebhookUrl } from './waba-webhook.ts';

// Keeping a WhatsApp Business account when its key or webhook must change (docs/connections.md "Replacing the key"):
// the connection id the flows point to stays; every check and 360dialog call comes before the one transaction.

/** 360dialog keys are opaque; this only keeps junk from reaching it (the check on save is the real test). */
export const WABA_API_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** The session naming a key (one connection per key: a second would double every template and send). */
export const wabaSessionOf = (apiKey: string) => `waba:${sha256(apiKey).slice(0, 32)}`;

/**
 * The session of an account connected through the partner callback: it names the 360dialog channel, so the same
 * channel cannot be connected twice (a second partner key would revoke the first's; docs/connections.md).
 */
export const wabaChannelSessionOf = (channelId: string) => `waba:ch:${sha256(channelId).slice(0, 32)}`;

/**
 * Is the new key's listing the same WhatsApp Business account? By the account id its templates name when both keys
 * named one; else by the template names (an account's templates outlive its keys): none in common → another account.
 * With nothing to compare (no templates on either side) the key is taken.
 */
async function sameAccount(ctx: AppContext, account: Sealed<'waba'>, listed: { templates: WabaTemplateValues[]; wabaId: string | undefined }): Promise<boolean> {
  const before = account.credentials.wabaId;
  if (before && listed.wabaId) return before === listed.wabaId;
  const stored = await wabaTemplatesOf(ctx.db, account.connection.id);
  const names = new Set(listed.templates.map((t) => t.name));
  return !stored.length || !names.size || stored.some((t) => names.has(t.name));
}

export function wabaKeyOps(ctx: AppContext) {
  const { db, config } = ctx;
  const { seal } = sealedConnections(db, config);
  const now = () => new Date(config.now());

  return {
    /**
     * A new key for the same number: checked like on add, the same account's, then the webhook set with a new
     * secret; only then is it sealed, the templates synced and the account Connected again. Any error changes nothing.
     */
    async replaceKey(account: Sealed<'waba'>, given: string): Promise<void> {
      const id = account.connection.id;
      const apiKey = given.trim();
      if (!WABA_API_KEY.test(apiKey)) throw invalidField('apiKey', 'wabaKeyRejected');
      const session = wabaSessionOf(apiKey);
      const holder = await connectionBySession(db, session);
      if (holder && holder.id !== id) throw invalidField('apiKey', 'wabaAlreadyConnected', { status: 409 });
      const listed = await listWabaAccount(config, apiKey);
      if (listed === 'rejected') throw invalidField('apiKey', 'wabaKeyRejected');
      if ('down' in listed) throw providerDown(listed);
      if (!(await sameAccount(ctx, account, listed))) throw invalidField('apiKey', 'wabaKeyOtherAccount', { status: 409 });
      const hookUrl = wabaWebhookUrl(config.publicOrigin, id);
      const webhookSecret = hookUrl ? newSecret() : undefined;
      if (hookUrl && webhookSecret) {
        const set = await setWabaWebhook(config, apiKey, hookUrl, webhookSecret);
        if (set === 'rejected') throw invalidField('apiKey', 'wabaKeyRejected');
        if (set !== true) throw providerDown(set);
      }
      const at = now();
      const wabaId = listed.wabaId ?? account.credentials.wabaId;
      await db.transaction(async (tx) => {
        await replaceSealed(tx, id, seal('waba', { apiKey, webhookSecret, ...(wabaId ? { wabaId } : {}) }), at, session);
        await setState(tx, id, { state: 'Connected', lastError: hookUrl ? null : NO_HTTPS_ORIGIN }, at);
        await replaceWabaTemplates(tx, id, listed.templates, at);
      });
    },

    /** The webhook set again with a new secret (an account added before the https origin, a 360dialog change). */
    async rehook(account: Sealed<'waba'>): Promise<void> {
      const id = account.connection.id;
      const hookUrl = wabaWebhookUrl(config.publicOrigin, id);
      if (!hookUrl) throw new HttpError(409, 'wabaWebhookNeedsHttps');
      const { apiKey } = account.credentials;
      if (!apiKey) throw new HttpError(409, 'wabaKeyRejected'); // unreadable: the owner replaces the key instead
      const webhookSecret = newSecret();
      const set = await setWabaWebhook(config, apiKey, hookUrl, webhookSecret);
      if (set === 'rejected') {
        await setState(db, id, { state: 'error', lastError: 'keyRejected' }, now());
        throw new HttpError(409, 'wabaKeyRejected');
      }
      if (set !== true) throw providerDown(set);
      const at = now();
      await db.transaction(async (tx) => {
        await replaceSealed(tx, id, seal('waba', { ...account.credentials, webhookSecret }), at);
        const lastError = account.connection.lastError;
        if (lastError === NO_HTTPS_ORIGIN || lastError === 'keyRejected') await setState(tx, id, { state: 'Connected', lastError: null }, at);
      });
    },
  };
}

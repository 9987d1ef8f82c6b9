import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/open.ts';
import { pathTokenGuard } from '../../platform/http/webhook-guard.ts';
import { ignoreLinkToken, userOfIgnoreLink } from '../phones/ignore-link.ts';

// The webhook URL token is the signed user guid of the public ignore link under its own purpose: unguessable,
// stored nowhere, stable for the life of the server secret, and never valid as an ignore link (or vice versa).
const PURPOSE = 'booking-webhook';

export const webhookToken = (secret: string, userGuid: string) => ignoreLinkToken(secret, userGuid, PURPOSE);

export const userOfWebhookToken = (db: Db, secret: string, token: string) => userOfIgnoreLink(db, secret, token, PURPOSE);

/** The guard of webhooks whose URL carries this token (booking systems, iiko): it names the owner before the body is read. */
export const webhookTokenGuard = ({ db, config }: AppContext) => pathTokenGuard((token) => userOfWebhookToken(db, config.jwtSecret, token));

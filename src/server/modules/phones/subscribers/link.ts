import type { Db } from '../../../platform/db/open.ts';
import { ignoreLinkToken, userOfIgnoreLink } from '../ignore-link.ts';

// The /start payload of the subscribe link: the same signed-guid scheme as the ignore link (54 characters of
// base64url and hex, inside Telegram's 64 of A-Z a-z 0-9 _ -) under its own purpose, so neither opens the other.
const PURPOSE = 'telegram-start';

export const startToken = (secret: string, userGuid: string) => ignoreLinkToken(secret, userGuid, PURPOSE);
export const userOfStartToken = (db: Db, secret: string, token: string) => userOfIgnoreLink(db, secret, token, PURPOSE);

import { loadBrands } from '../../../brand/load.ts';
import type { ServerConfig } from '../../platform/config.ts';
import type { Tx } from '../../platform/db/transactions.ts';
import type { Mailer, Mail } from '../../platform/mail/mailer.ts';
import { findUser } from '../account/store.ts';
import type { Owner } from './renewal-mails.ts';

/** Where an owner of `brandId` pays: the brand's first host, else the operator's public origin. */
export function paymentsUrlOf(config: ServerConfig, brandId: string): string {
  const host = loadBrands().find((b) => b.id === brandId)?.hosts[0];
  return `${host ? `https://${host}` : config.publicOrigin}/payments`;
}

/** The owner to mail about a subscription, or undefined when the account is gone. */
export async function ownerOf(db: Tx, config: ServerConfig, userId: number, brandId: string): Promise<Owner | undefined> {
  const user = await findUser(db, userId);
  if (!user || user.deletedAt) return undefined;
  return { email: user.email, language: user.language, paymentsUrl: paymentsUrlOf(config, brandId) };
}

/** Mail that must not stop the job: a mail server down loses this notice, not the charge's record. */
export async function tell(mailer: Mailer, mail: Mail | undefined): Promise<void> {
  if (!mail) return;
  try {
    await mailer.send(mail);
  } catch (error) {
    console.warn(`payments: a notice to the owner was not sent: ${(error as Error).message}`);
  }
}

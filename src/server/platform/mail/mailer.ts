import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config.ts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open.ts';
import type { Tx } from '../db/transactions.ts';
import { outbox } from '../mail/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with the mail (an invoice's PDF); the outbox keeps only their names and sizes. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise mail lands in the outbox table, where a developer reads it with
 * `npm run admin -- outbox --email E` (and tests read it) — no mail server needed to finish a reset.
 */
export function createMailer(config: ServerConfig, db: Db): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      const { attachments, ...rest } = mail;
      const listed = (attachments ?? []).map((a) => `\n[${a.filename}, ${a.contentType}, ${a.content.length} bytes]`).join('');
      await db.insert(outbox).values({ ...rest, text: rest.text + listed, to: mail.to.toLowerCase(), createdAt: new Date(config.now()) });
    },
  };
}

/** Removes the outbox's mail to an address (its account is deleted: the outbox must not keep the address either). */
export async function forgetMailTo(tx: Tx, address: string): Promise<void> {
  await tx.delete(outbox).where(eq(outbox.to, address.toLowerCase()));
}

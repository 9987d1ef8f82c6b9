// A loopback SMTP server for the invoice tests: the API sends through SMTP_URL and each message is parsed here with
// its attachments (the outbox keeps only text), kept in memory.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { smtpServer } from '../../fakes/smtp-dialogue.ts';

export interface SmtpCapture {
  url: string;
  mails: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: ParsedMail[] = [];
  const server = smtpServer(async (raw) => {
    mails.push(await simpleParser(Buffer.from(raw, 'latin1')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

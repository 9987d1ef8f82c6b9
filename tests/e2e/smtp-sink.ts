/**
 * A minimal SMTP server on loopback for the browser tests: the e2e API sends real mail through SMTP_URL,
 * and each message lands as a JSON file in a folder the tests read (the tests run in other processes).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { smtpServer } from '../fakes/smtp-dialogue.ts';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** The message as a mail client reads it: encoded subjects (=?UTF-8?B?…?=), quoted-printable and base64 bodies. */
async function parse(raw: string, to: string[]): Promise<CapturedMail> {
  const mail = await simpleParser(Buffer.from(raw, 'latin1'));
  return { to, subject: mail.subject ?? '', text: mail.text ?? '' };
}

export function startSmtpSink(port: number, dir: string): Promise<Server> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = smtpServer(async (raw, to) => {
    const file = join(dir, `${Date.now()}-${String(++count).padStart(5, '0')}.json`);
    writeFileSync(file, JSON.stringify(await parse(raw, to)));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

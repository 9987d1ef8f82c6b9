/**
 * A minimal SMTP server on loopback for the browser tests: the e2e API sends real mail through SMTP_URL,
 * and each message lands as a JSON file in a folder the tests read (the tests run in other processes).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

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
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(line + '\r\n');
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const file = join(dir, `${Date.now()}-${String(++count).padStart(5, '0')}.json`);
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          const recipients = to;
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          // Acknowledged once the file is written: the test reading the folder after the API answered finds it.
          void parse(raw, recipients).then((mail) => {
            writeFileSync(file, JSON.stringify(mail));
            reply('250 queued');
          }, () => reply('554 unreadable message'));
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 sink');
        else if (verb === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * A minimal SMTP server on loopback for the browser tests: the e2e API sends real mail through SMTP_URL,
 * and each message lands as a JSON file in a folder the tests read (the tests run in other processes).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Quoted-printable soft breaks and escapes, as nodemailer may encode long lines. */
function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): CapturedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const subject = /^Subject: (.*)$/im.exec(head ?? '')?.[1]?.trim() ?? '';
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(head ?? '');
  const body = rest.join('\n\n');
  return { to, subject, text: Buffer.from(qp ? decodeQuotedPrintable(body) : body, 'latin1').toString('utf8') };
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
          const mail = parse(buffer.slice(0, end).replace(/^\.\./gm, '.'), to);
          writeFileSync(join(dir, `${Date.now()}-${String(++count).padStart(5, '0')}.json`), JSON.stringify(mail));
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          reply('250 queued');
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

// The SMTP dialogue of the tests' loopback mail servers (tests/e2e/smtp-sink.ts, tests/api/payments/smtp-capture.ts):
// enough of RFC 5321 for nodemailer. Each message is handed over raw with its recipients and acknowledged once
// `accept` settles, so a test reading what it kept after the API answered finds it.
import { createServer, type Server } from 'node:net';

export function smtpServer(accept: (raw: string, to: string[]) => Promise<void>): Server {
  return createServer((socket) => {
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(line + '\r\n');
    reply('220 loopback ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          const recipients = to;
          buffer = buffer.slice(end + 5);
          inData = false;
          to = [];
          void accept(raw, recipients).then(
            () => reply('250 queued'),
            () => reply('554 unreadable message'),
          );
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'RCPT') {
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
}

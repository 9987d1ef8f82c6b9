// A loopback SMTP server for the invoice tests: the API sends through SMTP_URL and each message is parsed here with
// its attachments (the outbox keeps only text). Same dialogue as tests/e2e/smtp-sink.ts, kept in memory.
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpCapture {
  url: string;
  mails: ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: ParsedMail[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    const reply = (line: string) => socket.write(line + '\r\n');
    reply('220 capture ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      while (true) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          // Acknowledged once parsed: the test reading `mails` after the API answered finds it.
          void simpleParser(Buffer.from(raw, 'latin1')).then(
            (mail) => {
              mails.push(mail);
              reply('250 queued');
            },
            () => reply('554 unreadable message'),
          );
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          inData = true;
          reply('354 end with .');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

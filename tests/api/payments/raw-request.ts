import { connect } from 'node:net';

// A request written byte for byte over a socket: Node's fetch refuses header values a real client may still send
// (a byte above 0x7F), and those are exactly the ones a header check must survive.

/** POSTs `body` to `base` + `path` with `headers` written as latin1 bytes; resolves the answer's status. */
export function rawPost(base: string, path: string, headers: Record<string, string>, body: string): Promise<number> {
  const url = new URL(base);
  const head = [
    `POST ${url.pathname.replace(/\/+$/, '')}${path} HTTP/1.1`,
    `Host: ${url.host}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)])));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

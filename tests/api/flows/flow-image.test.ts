import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowMessages } from '../../../src/shared/flows/index.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

let seq = 0;
const newUser = () => server.createUser(`image${++seq}@example.com`, 'secret1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1), Buffer.from([0xff, 0xd9])]);

async function newFlow(token: string) {
  const res = await server.call('POST', '/Flows', { token, body: { title: 'Reminder', content: 'Hello {clientName}', type: 'recordReminder' } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function upload(token: string | undefined, flowId: number, bytes: Uint8Array, fileName: string, contentType = 'image/png') {
  const res = await fetch(`${server.base}/Flows/${flowId}/Image?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: bytes as BodyInit,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const userFiles = (userId: number) => {
  const dir = join(server.dataDir, 'flow-images', String(userId));
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('flow image', () => {
  it('stores a PNG, serves it back to the owner, replaces and removes it', async () => {
    const user = await newUser();
    const id = await newFlow(user.token);
    const up = await upload(user.token, id, PNG, 'logo.png');
    expect(up.status).toBe(200);
    expect(up.body.image).toMatchObject({ fileName: 'logo.png', sizeBytes: PNG.length });
    expect(up.body.image.url).toMatch(new RegExp(`/api/v1/Flows/${id}/Image\\?key=[a-f0-9]{32}$`));

    const got = await fetch(`${server.base}/Flows/${id}/Image`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe(`inline; filename="flow-${id}.png"`);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await server.call('GET', `/Flows/${id}`, { token: user.token })).body.image.fileName).toBe('logo.png');

    // A JPEG sent as octet-stream is recognised by its bytes; the old file is gone.
    const jpeg = await upload(user.token, id, JPEG, 'photo.jpeg', 'application/octet-stream');
    expect(jpeg.status).toBe(200);
    expect(userFiles(user.id)).toEqual([expect.stringMatching(/\.jpg$/)]);
    const again = await fetch(`${server.base}/Flows/${id}/Image`, { headers: { authorization: `Bearer ${user.token}` } });
    expect(again.headers.get('content-type')).toBe('image/jpeg');

    const removed = await server.call('DELETE', `/Flows/${id}/Image`, { token: user.token });
    expect(removed.status).toBe(200);
    expect(removed.body.image).toBeNull();
    expect(userFiles(user.id)).toEqual([]);
    expect((await server.call('GET', `/Flows/${id}/Image`, { token: user.token })).status).toBe(404);
  });

  it('a duplicate shares the file until the last flow lets go of it', async () => {
    const user = await newUser();
    const id = await newFlow(user.token);
    await upload(user.token, id, PNG, 'a.png');
    const copy = (await server.call('POST', `/Flows/${id}/Duplicate`, { token: user.token })).body.id as number;
    expect((await server.call('GET', `/Flows/${copy}/Image`, { token: user.token })).status).toBe(200);
    await server.call('DELETE', `/Flows/${id}/Image`, { token: user.token });
    expect((await server.call('GET', `/Flows/${copy}/Image`, { token: user.token })).status).toBe(200);
    await server.call('DELETE', `/Flows/${copy}/Image`, { token: user.token });
    expect(userFiles(user.id)).toEqual([]);
  });

  it('rejects by content, not by name, and names the field; nothing changes', async () => {
    const user = await newUser();
    const id = await newFlow(user.token);
    const gif = await upload(user.token, id, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'fake.png');
    expect(gif.status).toBe(400);
    expect(gif.body.errors[0]).toMatchObject({ field: 'image', code: 'imageFormat', message: `image: ${flowMessages.imageFormat}` });
    const html = await upload(user.token, id, Buffer.from('<script>alert(1)</script>'), 'x.jpg', 'image/jpeg');
    expect(html.body.errors[0].field).toBe('image');

    const badName = await upload(user.token, id, PNG, 'logo.gif');
    expect(badName.status).toBe(400);
    expect(badName.body.errors[0]).toMatchObject({ field: 'image.fileName', code: 'imageFormat' });

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(user.token, id, big, 'big.png');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0]).toMatchObject({ field: 'image.sizeBytes', message: `image.sizeBytes: ${flowMessages.imageTooBig}` });

    const huge = await upload(user.token, id, Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]), 'huge.png');
    expect(huge.status).toBe(413);

    expect((await server.call('GET', `/Flows/${id}`, { token: user.token })).body.image).toBeNull();
    expect(userFiles(user.id)).toEqual([]);
  });

  it("another user's flow answers 404 and reveals nothing; anonymous callers get 401", async () => {
    const owner = await newUser();
    const other = await newUser();
    const id = await newFlow(owner.token);
    await upload(owner.token, id, PNG, 'a.png');
    expect((await upload(other.token, id, PNG, 'b.png')).status).toBe(404);
    expect((await server.call('GET', `/Flows/${id}/Image`, { token: other.token })).status).toBe(404);
    expect((await server.call('DELETE', `/Flows/${id}/Image`, { token: other.token })).status).toBe(404);
    expect((await upload(undefined, id, PNG, 'c.png')).status).toBe(401);
    expect((await server.call('GET', `/Flows/${id}`, { token: owner.token })).body.image.fileName).toBe('a.png');
    expect(userFiles(other.id)).toEqual([]);
  });
});

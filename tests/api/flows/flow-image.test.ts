import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { flowMessages } from '../../../src/shared/flows/index.ts';
import { flows } from '../../../src/server/modules/flows/schema.ts';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

let seq = 0;
const newUser = () => server.createUser(`image${++seq}@example.com`, 'secret1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
// SOI, a JFIF APP0 segment, a baseline frame header (SOF0: 8 bits, 480 × 640, 3 components), EOI.
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108028001e003012200021101031101ffd9', 'hex');
/** A PNG whose IHDR declares `width` × `height`, padded to look like a real file (the 51 KB "bomb" of issue 14). */
const pngDeclaring = (width: number, height: number, pad = 0) => {
  const png = Buffer.from(PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return Buffer.concat([png, Buffer.alloc(pad)]);
};

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

  it('refuses images declaring too many pixels, by their header, and truncated headers; nothing is stored', async () => {
    const user = await newUser();
    const id = await newFlow(user.token);
    const bomb = await upload(user.token, id, pngDeclaring(50_000, 50_000, 51 * 1024), 'bomb.png');
    expect(bomb.status).toBe(400);
    expect(bomb.body.errors[0]).toMatchObject({ field: 'image', code: 'imageDimensions', params: { width: 50_000, height: 50_000, max: 4096, ratio: 20 } });
    expect(bomb.body.errors[0].message).toBe('image: The image must be at most 4096 × 4096 pixels, its sides at most 20 times each other (this one is 50000 × 50000)');
    expect((await upload(user.token, id, pngDeclaring(4097, 10), 'wide.png')).body.errors[0].code).toBe('imageDimensions');
    expect((await upload(user.token, id, pngDeclaring(4000, 100), 'strip.png')).body.errors[0].code).toBe('imageDimensions');
    expect((await upload(user.token, id, PNG.subarray(0, 20), 'cut.png')).body.errors[0].code).toBe('imageFormat');
    const noFrame = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    expect((await upload(user.token, id, noFrame, 'noframe.jpg', 'image/jpeg')).body.errors[0].code).toBe('imageFormat');
    expect(userFiles(user.id)).toEqual([]);
    expect((await upload(user.token, id, pngDeclaring(4096, 4096), 'max.png')).status).toBe(200);
  });

  it('a create or patch can keep or clear the stored image, never point it at an address', async () => {
    const user = await newUser();
    const id = await newFlow(user.token);
    const stored = (await upload(user.token, id, PNG, 'logo.png')).body.image;
    const patch = (image: unknown) => server.call('PATCH', `/Flows/${id}`, { token: user.token, body: { title: 'Kept', image } });
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://127.0.0.1:5432/', `http://evil.example/api/v1/Flows/${id}/Image?key=${'a'.repeat(32)}`, stored.url.replace(/key=.*/, `key=${'b'.repeat(32)}`)]) {
      const res = await patch({ ...stored, url });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].field).toMatch(/^image/);
    }
    const foreign = await patch({ ...stored, url: `http://evil.example/api/v1/Flows/${id}/Image?key=${'a'.repeat(32)}` });
    expect(foreign.body.errors[0]).toMatchObject({ field: 'image', code: 'imageNotStored' });
    const created = await server.call('POST', '/Flows', { token: user.token, body: { title: 'New', content: 'Hi', type: 'recordReminder', image: stored } });
    expect(created.body.errors[0]).toMatchObject({ field: 'image', code: 'imageNotStored' });
    expect((await server.call('GET', `/Flows/${id}`, { token: user.token })).body).toMatchObject({ title: 'Reminder', image: stored });

    const kept = await patch(stored);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ title: 'Kept', image: stored });
    const cleared = await patch(null);
    expect(cleared.body.image).toBeNull();
  });

  it('a row written before issue 14 with an outside address shows and sends no image, and answers no 5xx', async () => {
    const user = await newUser();
    const id = await newFlow(user.token);
    const [row] = await server.api.db.select().from(flows).where(eq(flows.id, id));
    const legacy = { fileName: 'a.png', url: 'http://169.254.169.254/latest/meta-data/a.png', sizeBytes: 10 };
    await server.api.db.update(flows).set({ settings: { ...row!.settings, image: legacy } }).where(eq(flows.id, id));
    const got = await server.call('GET', `/Flows/${id}`, { token: user.token });
    expect(got.status).toBe(200);
    expect(got.body.image).toBeNull();
    expect((await server.call('GET', '/Flows', { token: user.token })).status).toBe(200);
    expect((await server.call('GET', `/Flows/${id}/Image`, { token: user.token })).status).toBe(404);
    expect((await server.call('PATCH', `/Flows/${id}`, { token: user.token, body: { title: 'Edited' } })).status).toBe(200);
    const again = await server.call('PATCH', `/Flows/${id}`, { token: user.token, body: { image: legacy } });
    expect(again.status).toBe(400); // the contract's pattern refuses the address before any handler runs
    expect(again.body.errors[0]).toMatchObject({ field: 'image.url', code: 'invalidFormat' });
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

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { IMAGE_MAX_MB } from '../../../shared/flows/validate.ts';

/**
 * Flow images live as files under DATA_DIR/flow-images/<userId>/<key>.<png|jpg>: the database stays small and the
 * delivery engine reads the bytes directly. The per-user folder is the tenant boundary: a key is only ever looked
 * up in the caller's own folder, so a guessed or foreign key finds nothing.
 */
export const IMAGE_MAX_BYTES = IMAGE_MAX_MB * 1024 * 1024;
export type ImageType = 'image/png' | 'image/jpeg';
const EXT: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const KEY = /^[a-f0-9]{32}$/;

/** The type by the file's first bytes (PNG signature, JPEG SOI marker), whatever its name or header claims. */
export function sniffImage(bytes: Uint8Array): ImageType | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

const folder = (dataDir: string, userId: number) => join(dataDir, 'flow-images', String(userId));

/** Writes the bytes (temp file + rename, so a reader never sees half a file) and returns the new key. */
export async function saveImage(dataDir: string, userId: number, type: ImageType, bytes: Uint8Array): Promise<string> {
  const key = randomBytes(16).toString('hex');
  const dir = folder(dataDir, userId);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${key}.${EXT[type]}`);
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
  return key;
}

export async function readImage(dataDir: string, userId: number, key: string): Promise<{ type: ImageType; bytes: Buffer } | undefined> {
  if (!KEY.test(key)) return undefined;
  for (const type of Object.keys(EXT) as ImageType[]) {
    const bytes = await readFile(join(folder(dataDir, userId), `${key}.${EXT[type]}`)).catch(() => undefined);
    if (bytes) return { type, bytes };
  }
  return undefined;
}

export async function removeImage(dataDir: string, userId: number, key: string): Promise<void> {
  if (!KEY.test(key)) return;
  for (const ext of Object.values(EXT)) await unlink(join(folder(dataDir, userId), `${key}.${ext}`)).catch(() => undefined);
}

/** The key inside an image url written by the upload (`…/Flows/<id>/Image?key=<key>`). */
export function keyOfUrl(url: string): string | undefined {
  try {
    const key = new URL(url).searchParams.get('key') ?? '';
    return KEY.test(key) ? key : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Raw image bodies arrive as a Buffer. The parser accepts twice the limit so an oversized image still reaches the
 * handler and gets a 400 naming the field; anything larger is cut off by Fastify (413) without being buffered.
 */
export function registerImageBodies(app: FastifyInstance): void {
  app.addContentTypeParser(['image/png', 'image/jpeg', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES * 2 }, (_req, body, done) =>
    done(null, body),
  );
}

/**
 * What a channel sends for a flow's image (delivery/channels/channel.ts OutgoingImage): the stored bytes, found by
 * the key in the flow's image url, under a name of ours. An image that is not one of our files (a row written
 * before issue 14 with an outside address) gives undefined: the message goes without it, nothing is fetched.
 */
export async function outgoingImageOf(dataDir: string, userId: number, flowId: number, image: { url: string } | null | undefined) {
  const key = image ? keyOfUrl(image.url) : undefined;
  const found = key ? await readImage(dataDir, userId, key) : undefined;
  if (!found) return undefined;
  return { data: found.bytes as Uint8Array, mimetype: found.type, filename: `flow-${flowId}.${EXT[found.type]}` };
}

/** Account deletion: the owner's image folder goes (after the database transaction committed). */
export async function deleteOwnerImages(dataDir: string, userId: number): Promise<void> {
  await rm(folder(dataDir, userId), { recursive: true, force: true });
}

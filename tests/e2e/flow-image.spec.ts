// The editor's image field (issue 14): its hint states the pixel limit, and an image whose header declares too many
// pixels is refused by the server with a text naming the limit and the image's own size; nothing is stored.
import { expect, hydrated, prepareStorage, test, tOf } from './support.ts';
import { api, customer } from './flows-support.ts';

// A 1×1 PNG whose IHDR is rewritten to declare 50,000 × 50,000 pixels (the decompression bomb of issue 14).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const BOMB = Buffer.from(PNG);
BOMB.writeUInt32BE(50_000, 16);
BOMB.writeUInt32BE(50_000, 20);

test('a PNG declaring 50,000 × 50,000 pixels is refused with the limit in the text', async ({ page, context, brand, baseURL }) => {
  const locale = brand.locale.default;
  const t = tOf(locale, 'flows', 'editor');
  const tokens = await customer(baseURL!, 'image');
  const flow = await api(baseURL!, 'POST', '/Flows', tokens.token, { title: 'Visit reminder', content: 'Hello', type: 'recordReminder' });
  await prepareStorage(context, { tokens, locale });
  await page.goto(`/flows/edit/${flow.id}`);
  await hydrated(page);
  await expect(page.getByText(t('imageHint', { formats: 'PNG, JPG, JPEG', mb: 5, px: 4096 }))).toBeVisible();

  const file = page.getByLabel(t('image'), { exact: true });
  await file.setInputFiles({ name: 'bomb.png', mimeType: 'image/png', buffer: BOMB });
  const error = page.getByText(t('rule.imageDimensions', { max: 4096, ratio: 20, width: 50_000, height: 50_000 }));
  await expect(error).toBeVisible();
  await expect(file).toHaveAttribute('aria-describedby', /err-image/);
  expect((await api(baseURL!, 'GET', `/Flows/${flow.id}`, tokens.token)).image).toBeNull();
});

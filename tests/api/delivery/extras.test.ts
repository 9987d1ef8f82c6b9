// A flow's enabled simple-answer buttons and its stored image go out with the text (§3): the channel gets the image
// as the bytes we stored, under a name of ours, never an address to fetch (issue 14, docs/channels.md "Images").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../../src/server/delivery/dispatcher.ts';
import type { TestServer } from '../harness.ts';
import { book, DAY, deliveryServer, fakeChannel, flow, nowSec, owner } from './support.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

let server: TestServer;
beforeAll(async () => {
  server = await deliveryServer();
});
afterAll(async () => server?.close());

describe('what a flow sends besides its text', () => {
  it('sends the enabled simple-answer buttons and the stored image bytes', async () => {
    const o = await owner(server);
    const buttons = [
      { type: 'simpleAnswer', text: 'Yes', enabled: true },
      { type: 'url', text: 'Site', enabled: false, value: 'https://example.com' },
    ];
    const id = await flow(server, o, 'newRecord', { buttons });
    const up = await fetch(`${server.base}/Flows/${id}/Image?fileName=card.png`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${o.token}` },
      body: PNG,
    });
    expect(up.status).toBe(200);
    await book(server, o, nowSec(server) + DAY);

    const channel = fakeChannel();
    expect((await dispatchDue({ db: server.api.db, config: server.api.config, channel })).sent).toBe(1);
    const [sent] = channel.calls;
    expect(sent!.buttons).toEqual(['Yes']);
    expect(sent!.image).toMatchObject({ mimetype: 'image/png', filename: `flow-${id}.png` });
    expect(Buffer.from(sent!.image!.data).equals(PNG)).toBe(true);
  });

  it('a flow without buttons or image sends the text alone', async () => {
    const o = await owner(server);
    await flow(server, o, 'newRecord');
    await book(server, o, nowSec(server) + DAY);
    const channel = fakeChannel();
    await dispatchDue({ db: server.api.db, config: server.api.config, channel });
    expect(channel.calls).toHaveLength(1);
    expect(channel.calls[0]).not.toHaveProperty('buttons');
    expect(channel.calls[0]).not.toHaveProperty('image');
  });
});

// Sigma's sending states → the delivery events the status webhooks produce (docs/connections.md "Sigma SMS").
import { describe, expect, it } from 'vitest';
import { sigmaEvent } from '../../../src/server/modules/connections/sigma-status.ts';

describe('sigmaEvent', () => {
  it('delivered is delivered; failed, undelivered and rejected fail with Sigma’s error; anything else waits', () => {
    expect(sigmaEvent('s1', { id: 's1', state: { status: 'delivered', error: null } }, 5)).toEqual({ providerMessageId: 's1', status: 'delivered', at: 5 });
    expect(sigmaEvent('s1', { state: { status: 'undelivered', error: 'Subscriber is unavailable' } }, 5)).toEqual({ providerMessageId: 's1', status: 'failed', at: 5, reason: 'Sigma: Subscriber is unavailable' });
    expect(sigmaEvent('s1', { state: { status: 'rejected', error: { message: 'Sender is not allowed' } } }, 5)).toMatchObject({ status: 'failed', reason: 'Sigma: Sender is not allowed' });
    expect(sigmaEvent('s1', { state: { status: 'failed' } }, 5)).toMatchObject({ status: 'failed', reason: 'Sigma: failed' });
    // The flat shape some answers use.
    expect(sigmaEvent('s1', { status: 'DELIVERED' }, 5)).toMatchObject({ status: 'delivered' });
    for (const waiting of [{ state: { status: 'pending' } }, { state: { status: 'sent' } }, {}, null, 'text']) expect(sigmaEvent('s1', waiting, 5)).toBeUndefined();
    expect(sigmaEvent('s1', { state: { status: 'failed', error: 'x'.repeat(300) } }, 5)!.reason).toHaveLength(200);
  });
});

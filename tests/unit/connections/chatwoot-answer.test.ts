// Which Chatwoot webhook events are staff answers to send (docs/chatwoot.md "Answers"): outgoing (named or the enum's
// 1), not private, with text, in our inbox; everything else is nothing to send.
import { describe, expect, it } from 'vitest';
import { staffAnswer } from '../../../src/server/modules/connections/chatwoot/webhooks.ts';
import { chatwootOrigin } from '../../../src/server/modules/connections/chatwoot/api.ts';

const event = (over: Record<string, unknown> = {}) => ({ event: 'message_created', id: 7, message_type: 'outgoing', private: false, content: ' Hi ', conversation: { id: 3 }, inbox: { id: 5 }, ...over });

describe('staffAnswer', () => {
  it('takes an outgoing public text in our inbox', () => {
    expect(staffAnswer(event(), 5)).toEqual({ messageId: 7, conversationId: 3, text: 'Hi' });
    expect(staffAnswer(event({ message_type: 1 }), 5)).toMatchObject({ messageId: 7 });
    expect(staffAnswer(event({ inbox: undefined, conversation: { id: 3, inbox_id: 5 } }), 5)).toMatchObject({ messageId: 7 });
    expect(staffAnswer(event({ content: 'x'.repeat(5000) }), 5)!.text).toHaveLength(4096);
  });

  it.each([
    ['incoming', { message_type: 'incoming' }],
    ['the enum 0', { message_type: 0 }],
    ['template', { message_type: 'template' }],
    ['private note', { private: true }],
    ['another event', { event: 'message_updated' }],
    ['another inbox', { inbox: { id: 6 } }],
    ['no text', { content: '   ' }],
    ['attachments only', { content: null }],
    ['no id', { id: 'x' }],
    ['no conversation', { conversation: null }],
  ])('ignores %s', (_name, over) => {
    expect(staffAnswer(event(over), 5)).toBeUndefined();
  });

  it('ignores anything that is not an object', () => {
    for (const body of [null, 1, 'x', [], true]) expect(staffAnswer(body, 5)).toBeUndefined();
  });
});

describe('chatwootOrigin', () => {
  it('keeps the origin of an http(s) address and refuses the rest', () => {
    expect(chatwootOrigin(' https://chat.example.com/app/accounts/3/dashboard ')).toBe('https://chat.example.com');
    expect(chatwootOrigin('http://10.0.0.5:3000')).toBe('http://10.0.0.5:3000');
    for (const bad of ['chat.example.com', 'ftp://chat.example.com', 'https://user:pw@chat.example.com', 'javascript:alert(1)', '']) expect(chatwootOrigin(bad), bad).toBeUndefined();
  });
});

// X-Twilio-Signature against Twilio's documented vector (providers.md E.1), the status callback's mapping to the
// engine's delivery events, and the SMS segment count (GSM-7 160/153, UCS-2 70/67).
import { describe, expect, it } from 'vitest';
import { smsSegments, toSmsText } from '../../../src/server/delivery/channels/sigma.ts';
import { twilioSignature, validTwilioSignature } from '../../../src/server/modules/connections/twilio-signature.ts';
import { twilioEvent } from '../../../src/server/modules/connections/webhooks.ts';

const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675310', Digits: '1234', From: '+14158675310', To: '+18005551212' };

describe('X-Twilio-Signature', () => {
  it("matches Twilio's documented test vector", () => {
    expect(twilioSignature('12345', URL, PARAMS)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
    expect(twilioSignature('12345', URL, { ...PARAMS, Caller: '+12349013030', From: '+12349013030' })).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
  });

  it('refuses another token, URL, parameter or a truncated signature', () => {
    expect(validTwilioSignature('12345', URL, PARAMS, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(true);
    expect(validTwilioSignature('12346', URL, PARAMS, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(false);
    expect(validTwilioSignature('12345', `${URL}&x=1`, PARAMS, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(false);
    expect(validTwilioSignature('12345', URL, { ...PARAMS, Digits: '1235' }, 'GvWf1cFY/Q7PnoempGyD5oXAezc=')).toBe(false);
    expect(validTwilioSignature('12345', URL, PARAMS, 'GvWf1cFY')).toBe(false);
  });
});

describe('status callbacks → delivery events', () => {
  const sid = `SM${'a'.repeat(32)}`;
  it('maps delivered, read, failed and undelivered; ignores the rest and malformed ids', () => {
    expect(twilioEvent({ MessageSid: sid, MessageStatus: 'delivered' }, 5)).toEqual({ providerMessageId: sid, status: 'delivered', at: 5 });
    expect(twilioEvent({ MessageSid: sid, MessageStatus: 'read' }, 5)).toMatchObject({ status: 'read' });
    expect(twilioEvent({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: '30003' }, 5)).toMatchObject({ status: 'failed', reason: 'Twilio error 30003' });
    expect(twilioEvent({ MessageSid: sid, MessageStatus: 'failed' }, 5)).toMatchObject({ status: 'failed', reason: 'undelivered' });
    for (const status of ['queued', 'sending', 'sent', 'accepted', 'canceled', 'bogus']) expect(twilioEvent({ MessageSid: sid, MessageStatus: status }, 5), status).toBeUndefined();
    expect(twilioEvent({ MessageSid: 'x', MessageStatus: 'delivered' }, 5)).toBeUndefined();
  });
});

describe('SMS segments', () => {
  it('GSM-7: 160 in one, 153 per part; extended characters count twice', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(smsSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', segments: 2 });
    expect(smsSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', segments: 3 });
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', segments: 1 });
    expect(smsSegments('€'.repeat(81))).toEqual({ encoding: 'GSM-7', segments: 2 });
  });

  it('UCS-2 (Cyrillic, emoji): 70 in one, 67 per part', () => {
    expect(smsSegments('я'.repeat(70))).toEqual({ encoding: 'UCS-2', segments: 1 });
    expect(smsSegments('я'.repeat(71))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(smsSegments('я'.repeat(134))).toEqual({ encoding: 'UCS-2', segments: 2 });
    expect(smsSegments('я'.repeat(135))).toEqual({ encoding: 'UCS-2', segments: 3 });
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', segments: 0 });
  });

  it('drops the product markup and lists the buttons', () => {
    expect(toSmsText('Hello *Anna*, see you _tomorrow_', ['Yes', 'No'])).toBe('Hello Anna, see you tomorrow\n1. Yes\n2. No');
  });
});

// Twilio's opt-out keywords count as STOP on Twilio only; an incoming message's form is told from a status callback.
import { describe, expect, it } from 'vitest';
import { isStopWord } from '../../../src/server/modules/conversations/stop-words.ts';
import { isTwilioIncoming } from '../../../src/server/modules/conversations/twilio.ts';

describe('STOP words on Twilio', () => {
  it("Twilio's own keywords unsubscribe on Twilio, not on WhatsApp; a sentence never does", () => {
    for (const word of ['STOPALL', 'End', 'quit!', 'OPTOUT', 'revoke', 'cancel', 'STOP', 'СТОП']) expect(isStopWord(word, 'twilio'), word).toBe(true);
    for (const word of ['end', 'quit', 'cancel']) expect(isStopWord(word, 'waha'), word).toBe(false);
    expect(isStopWord('please stop', 'twilio')).toBe(false);
  });

  it('a form with a body and status received (or none) is a message; a status callback is not', () => {
    expect(isTwilioIncoming({ Body: 'Hi', SmsStatus: 'received' })).toBe(true);
    expect(isTwilioIncoming({ NumMedia: '1' })).toBe(true);
    expect(isTwilioIncoming({ MessageStatus: 'delivered' })).toBe(false);
    expect(isTwilioIncoming({ Body: 'Hi', MessageStatus: 'sent' })).toBe(false);
  });
});

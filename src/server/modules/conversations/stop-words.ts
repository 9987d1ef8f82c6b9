/**
 * Words that unsubscribe the writer from the channel they wrote on (docs/conversations.md "STOP"). The whole message
 * must be one of them after trimming and case folding ("Stop please" is a message, not a request), so a client
 * writing about a stop sign is not unsubscribed by accident. Trailing punctuation is dropped ("СТОП!").
 */
export const STOP_WORDS = ['stop', 'стоп', 'unsubscribe', 'отписаться', 'отписка', 'відписатися', 'parar', 'sair', 'cancelar'] as const;

const WORDS = new Set<string>(STOP_WORDS);

/**
 * Twilio's own opt-out keywords (support.twilio.com "Advanced Opt-Out": STOP, STOPALL, UNSUBSCRIBE, CANCEL, END,
 * QUIT, OPTOUT, REVOKE): after one of them Twilio itself refuses the sender's messages (error 21610), so the
 * cabinet unsubscribes on the same words and the log says why.
 */
export const TWILIO_STOP_WORDS = ['stopall', 'end', 'quit', 'optout', 'revoke'] as const;
const TWILIO_WORDS = new Set<string>([...STOP_WORDS, ...TWILIO_STOP_WORDS, 'cancel']);

const normal = (text: string) => text.trim().replace(/[.!]+$/u, '').trim().toLocaleLowerCase('ru');

export const isStopWord = (text: string, channel?: string): boolean => (channel === 'twilio' ? TWILIO_WORDS : WORDS).has(normal(text));

/**
 * Words that unsubscribe the writer from the channel they wrote on (docs/conversations.md "STOP"). The whole message
 * must be one of them after trimming and case folding ("Stop please" is a message, not a request), so a client
 * writing about a stop sign is not unsubscribed by accident. Trailing punctuation is dropped ("СТОП!").
 */
export const STOP_WORDS = ['stop', 'стоп', 'unsubscribe', 'отписаться', 'отписка', 'відписатися', 'parar', 'sair', 'cancelar'] as const;

const WORDS = new Set<string>(STOP_WORDS);

export const isStopWord = (text: string): boolean => WORDS.has(text.trim().replace(/[.!]+$/u, '').trim().toLocaleLowerCase('ru'));

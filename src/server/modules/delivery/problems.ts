/** The codes of the delivery routes' problems (message log, sandbox events, WAHA webhook) and their English texts. */
export const deliveryProblems = {
  messageNotFound: 'Message not found',
  sandboxOnly: 'Only messages of the sandbox channel can be marked by hand',
  messageNotSent: 'The message has not been sent',
} as const;

/** The codes of the orders calls' and the iiko webhook's problems and their English texts. */
export const orderProblems = {
  orderNotFound: 'Order not found',
  orderCancelled: 'The order is cancelled',
  // Field texts: the message is "<field>: <text>".
  phoneNumberInvalid: 'not a valid phone number',
  tooManyEvents: 'at most {{max}} events in one delivery',
} as const;

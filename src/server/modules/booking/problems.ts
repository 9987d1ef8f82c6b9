/** The codes of the booking calls' and webhooks' problems and their English texts. */
export const bookingProblems = {
  recordNotFound: 'Record not found',
  recordCancelled: 'The record is cancelled',
  visitTookPlace: 'The visit already took place',
  // Field texts: the message is "<field>: <text>".
  noSuchMaster: 'no such master',
  noSuchService: 'no such service',
  timeZoneUnknown: 'unknown time zone',
} as const;

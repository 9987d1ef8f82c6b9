/** Server texts of the blacklist calls (the screens show their own translations, keyed by status and field code). */
export const phoneMessages = {
  phoneAlreadyIgnored: 'This number is already in the blacklist',
  phoneRemoved: 'The number was removed from the blacklist',
  phoneNotFound: 'The number is not in the blacklist',
  ignoreLinkInvalid: 'The link is not valid',
  ignoreLinkAdded: 'Done: this number will not receive messages from this business',
} as const;

/** Server texts of the blacklist calls; keys of problems are their codes (the screens translate the code). */
export const phoneMessages = {
  phoneAlreadyIgnored: 'This number is already in the blacklist',
  phoneRemoved: 'The number was removed from the blacklist',
  phoneNotFound: 'The number is not in the blacklist',
  ignoreLinkInvalid: 'The link is not valid',
  ignoreLinkAdded: 'Done: this number will not receive messages from this business',
} as const;

/** Server texts of the subscriber calls and the Telegram subscribe webhook. */
export const subscriberMessages = {
  alreadySubscribed: 'This number is already in the subscribers on this channel',
  subscriberNotFound: 'The subscriber was not found',
  removed: 'The subscriber was removed',
  webhookSecretWrong: 'Wrong webhook secret',
} as const;

/** The codes of the phones domain's problems and their English texts. */
export const phoneProblems = {
  phoneAlreadyIgnored: phoneMessages.phoneAlreadyIgnored,
  phoneNotFound: phoneMessages.phoneNotFound,
  ignoreLinkInvalid: phoneMessages.ignoreLinkInvalid,
  alreadySubscribed: subscriberMessages.alreadySubscribed,
  subscriberNotFound: subscriberMessages.subscriberNotFound,
  webhookSecretWrong: subscriberMessages.webhookSecretWrong,
} as const;

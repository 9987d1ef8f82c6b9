/**
 * The distributions domain's codes and their English texts (§5, §6, §8, §9): keys double as codes for translation
 * (browser namespace `distributions`, under `server.`). One copy for the server's problems and bulk results and the
 * browser's toasts.
 */
export const distributionMessages = {
  // §8 (the flows' texts in their distribution form)
  distributionGetFailed: 'Failed to get the distribution',
  distributionRemoved: 'Distribution removed',
  distributionRemoveFailed: 'Failed to remove the distribution',
  distributionStopped: 'Distribution stopped',
  distributionStopFailed: 'Failed to stop the distribution',
  distributionResumed: 'Distribution resumed',
  distributionResumeFailed: 'Failed to resume the distribution',
  distributionDuplicated: 'Distribution duplicated',
  distributionDuplicateFailed: 'Failed to duplicate the distribution',
  distributionsGetFailed: 'Failed to get the distributions',
  distributionsRemoved: 'Distributions removed',
  distributionsRemoveFailed: 'Failed to remove the distributions',
  distributionsStopped: 'Distributions stopped',
  distributionsStopFailed: 'Failed to stop the distributions',
  distributionsResumed: 'Distributions resumed',
  distributionsResumeFailed: 'Failed to resume the distributions',
  distributionInvalidId: 'Distribution invalid id',
  // §8 "recipient list error for distributions", §5 "phone-number table at least 3 numbers"
  recipientListError: 'Could not read the recipient list: {{detail}}',
  recipientsTooFew: 'The phone table needs at least {{min}} valid numbers',
  phoneInvalid: 'Phone number is not valid',
  duplicate: 'Repeats an earlier row',
  blacklisted: 'In the blacklist',
  // §6: test users and the tariff
  testUserDistribution: 'Test users cannot use WhatsApp distribution',
  distributionNotAvailable: 'WhatsApp distribution is not in your tariff',
  // §9 and the lifecycle
  dailyCapTooHigh: 'At most {{max}} messages a day',
  distributionStarted: 'Distribution started',
  distributionStartFailed: 'The distribution is already running',
  distributionCanceled: 'Distribution canceled',
  distributionCancelFailed: 'The distribution is not running',
  distributionRunning: 'Pause the distribution before changing this',
  audienceEmpty: 'Nobody to send to: add recipients or widen the filters',
  noMessagesLeft: 'No distribution messages left: buy a pack (at least 500 messages)',
  segmentNotFound: 'Saved audience not found',
  segmentsLimit: 'At most {{limit}} saved audiences',
} as const;
export type DistributionMessageKey = keyof typeof distributionMessages;

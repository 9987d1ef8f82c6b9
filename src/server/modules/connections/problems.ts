/** The codes of the connections routes' problems (WhatsApp numbers, QR links, pairing codes) and their English texts. */
export const connectionProblems = {
  connectionNotFound: 'WhatsApp number not found',
  // §8 account errors: "maximum number of accounts reached" (the limit is chatApiInstanceLimit, §6).
  accountLimitReached: 'Maximum number of accounts reached ({{limit}})',
  gatewayNotConfigured: 'No WhatsApp gateway is set up on this server',
  gatewayUnavailable: 'The WhatsApp gateway did not answer; try again in a minute',
  notWaitingForLink: 'The number is not waiting to be linked: open its QR code first',
  notLinked: 'The number is not linked',
  pairingCodeLimit: 'At most {{limit}} codes a day for one number; try again in {{hours}} h',
  // §8 "QR code error"; "link expired (after 30 minutes)".
  qrLinkNotFound: 'QR code error: the link is not valid',
  qrLinkExpired: 'The link has expired',
} as const;

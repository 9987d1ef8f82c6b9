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
  // Telegram, Twilio and Sigma SMS (§8: Telegram "code not sent", 'Invalid code', add/delete errors; Twilio add/get/delete errors).
  providerUnavailable: 'The provider did not answer; try again in a minute',
  telegramNotFound: 'Telegram bot not found',
  telegramTokenInvalid: 'Error adding the Telegram bot: this is not a bot token (it looks like 123456789:AA…)',
  telegramTokenRejected: 'Error adding the Telegram bot: Telegram did not accept the token',
  botAlreadyConnected: 'Error adding the Telegram bot: this bot is already connected',
  telegramWebhookRefused: "Error adding the Telegram bot: Telegram does not accept this server's address for the bot's messages (it needs HTTPS)",
  telegramCodeNotSent: 'Code not sent: send /start to the bot to get a new code',
  telegramCodeInvalid: 'Invalid code',
  telegramCodeAttempts: 'Too many wrong codes: send /start to the bot to get a new code',
  twilioNotFound: 'Twilio account not found',
  twilioSidInvalid: 'Error adding the Twilio account: the Account SID starts with AC followed by 32 characters',
  twilioCredentialsRejected: 'Error adding the Twilio account: Twilio did not accept the Account SID and auth token',
  twilioAccountInactive: 'Error adding the Twilio account: the account is suspended or closed',
  twilioPhoneInvalid: 'Enter the number in international format (+14155550100), or whatsapp:+14155550100 for WhatsApp',
  sigmaNotFound: 'Sigma SMS account not found',
  sigmaCredentialsRejected: 'Error adding the Sigma SMS account: wrong login or password',
  sigmaSenderInvalid: 'The sender name is up to 11 Latin letters, digits, spaces, dots, dashes and underscores, or a number of up to 15 digits',
} as const;

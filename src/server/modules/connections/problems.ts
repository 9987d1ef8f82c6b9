import { amoProblems } from './amo/problems.ts';
import { bookingSystemProblems } from './booking-systems/problems.ts';
import { chatwootProblems } from './chatwoot/problems.ts';
import { iikoProblems } from './iiko/problems.ts';

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
  // WhatsApp Business API through 360dialog (§8: WABA and templates add/get/delete errors; §5 the template name).
  wabaNotFound: 'WhatsApp Business account not found',
  wabaKeyRejected: 'Error adding the WhatsApp Business account: 360dialog did not accept the API key',
  wabaAlreadyConnected: 'Error adding the WhatsApp Business account: this account is already connected',
  wabaPartnerNotConfigured: "Connecting through 360dialog's sign-up is not set up on this server: add the account by its API key",
  wabaPartnerAuthFailed: "Connecting through 360dialog failed: the server's 360dialog partner login was refused. The operator must check the partner settings; meanwhile add the account by its API key",
  wabaPartnerNoPermission: "360dialog did not let us create this number's API key: share the API key permission with us in the 360dialog hub (Partner permissions) and try again, or add the account by its API key",
  wabaTemplateNotFound: 'Template not found',
  wabaTemplateNameInvalid: 'Template name: lowercase English letters, digits and underscores instead of spaces (for example visit_reminder)',
  wabaTemplateExists: 'Error adding the template: a template with this name and language already exists',
  wabaTemplateVariablesInvalid: 'Number the variables in order from 1, each in double curly braces',
  wabaTemplateExamplesMismatch: 'Give one example value for each variable of the text ({{count}})',
  wabaTemplateLimit: 'Error adding the template: at most {{limit}} templates for one account',
  wabaTemplateRefused: 'Error adding the template: WhatsApp refused it ({{reason}})',
  wabaKeyOtherAccount: "This API key belongs to another WhatsApp Business account: generate the key for this account's number in the 360dialog Client Hub",
  wabaWebhookNeedsHttps: 'Replies cannot be set up yet: this server has no https address 360dialog could send them to',
  // The business systems (issue 19), each in its folder.
  ...bookingSystemProblems,
  ...iikoProblems,
  ...amoProblems,
  ...chatwootProblems,
} as const;

import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Ports of the e2e run: the gateway, a second gateway with short-lived tokens, and the mail sink. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4321);
export const E2E_SHORT_TOKEN_PORT = E2E_PORT + 1;
export const E2E_SMTP_PORT = E2E_PORT + 2;
/** The WhatsApp gateway double (tests/e2e/waha-gateway.ts), after the three above. */
export const E2E_WAHA_PORT = E2E_PORT + 3;
export const E2E_WAHA_API_KEY = 'e2e-waha-key';
export const E2E_WAHA_HMAC_KEY = 'e2e-waha-webhook-key-0123456789';
/** The Telegram Bot API, Twilio and Sigma SMS doubles (tests/e2e/providers-gateway.ts), after the WAHA double. */
export const E2E_TELEGRAM_PORT = E2E_PORT + 4;
export const E2E_TWILIO_PORT = E2E_PORT + 5;
export const E2E_SIGMA_PORT = E2E_PORT + 6;
/** The 360dialog WhatsApp Business API double (tests/e2e/providers-gateway.ts), after the three above. */
export const E2E_WABA_PORT = E2E_PORT + 7;
/** The YooKassa and Stripe doubles with the payer page (tests/e2e/payment-gateway.ts), after the 360dialog double. */
export const E2E_YOOKASSA_PORT = E2E_PORT + 8;
export const E2E_STRIPE_PORT = E2E_PORT + 9;
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_0123456789abcdef';
export const E2E_MAIL_DIR = join(tmpdir(), `cabinet-e2e-mail-${E2E_PORT}`);
export const GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
/** The e2e servers' signing secret (an operator setting), so a test can mint a plain-admin token. */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789';

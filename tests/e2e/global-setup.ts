import { rmSync } from 'node:fs';
import { startSmtpSink } from './smtp-sink.ts';
import { startWahaGateway } from './waha-gateway.ts';
import { startProviderDoubles } from './providers-gateway.ts';
import { startPaymentDoubles } from './payment-gateway.ts';
import { startIikoGateway } from './iiko-gateway.ts';
import { startAmoGateway } from './amo-gateway.ts';
import { startBookingGateway } from './booking-gateway.ts';
import { resetAxeSweeps } from './a11y.ts';
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from './ports.ts';

/**
 * Starts the mail sink, the WhatsApp gateway double and the Telegram, Twilio, Sigma SMS, YooKassa and Stripe doubles before the tests and stops them after; forgets the last
 * run's accessibility sweeps.
 */
export default async function globalSetup() {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  resetAxeSweeps();
  const sink = await startSmtpSink(E2E_SMTP_PORT, E2E_MAIL_DIR);
  const stopGateway = await startWahaGateway();
  const stopProviders = await startProviderDoubles();
  const stopPayments = await startPaymentDoubles();
  const stopIiko = await startIikoGateway();
  const stopAmo = await startAmoGateway();
  const stopBooking = await startBookingGateway();
  return async () => {
    await stopBooking();
    await stopAmo();
    await stopIiko();
    await stopPayments();
    await stopProviders();
    await stopGateway();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  };
}

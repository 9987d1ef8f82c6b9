import { rmSync } from 'node:fs';
import { startSmtpSink } from './smtp-sink.ts';
import { resetAxeSweeps } from './a11y.ts';
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from './ports.ts';

/** Starts the mail sink before the tests and stops it after them; forgets the last run's accessibility sweeps. */
export default async function globalSetup() {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  resetAxeSweeps();
  const sink = await startSmtpSink(E2E_SMTP_PORT, E2E_MAIL_DIR);
  return () => new Promise<void>((resolve) => sink.close(() => resolve()));
}

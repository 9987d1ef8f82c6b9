import type { T } from '../../../i18n/translate.ts';

/** The texts the public QR page shows, resolved at build time in the page's language. */
export interface QrPageTexts {
  loading: string;
  image: string;
  connected: string;
  notWaiting: string;
  retrying: string;
  /** With `{{time}}`, filled in the browser (the link's expiry in the visitor's zone). */
  expires: string;
  /** §8 "QR code error" (404) and "link expired" (410). */
  linkInvalid: string;
  linkExpired: string;
  noGateway: string;
}

export const qrPageTexts = (t: T): QrPageTexts => ({
  loading: t('public.loading'),
  image: t('public.image'),
  connected: t('public.connected'),
  notWaiting: t('public.notWaiting'),
  retrying: t('public.failed'),
  expires: t('public.expires', { time: '{{time}}' }), // the browser fills the time in
  linkInvalid: t('server.qrLinkNotFound'),
  linkExpired: t('server.qrLinkExpired'),
  noGateway: t('server.gatewayNotConfigured'),
});

// The public QR page's script: reads GET /Public/WhatsAppQr/{token} (the token from the URL: the static page is shared
// by all tokens through a rewrite), draws the QR and asks again while it waits to be scanned. Plain DOM, no API
// client: this page must stay within 15 KB.
import { resolveApiBaseUrl, type ApiRuntime } from '../../../brand/api-base.ts';
import { qrPath } from '../qr-path.ts';
import type { QrPageTexts } from './texts.ts';

/** As the owner's screen: WAHA rotates the QR every 20 s, so asking every 5 s never leaves a stale one up. */
const POLL_MS = 5_000;
const SVG = 'http://www.w3.org/2000/svg';
/** The server's link tokens: 32 random bytes in base64url. Anything else cannot be a link, so it is not asked for. */
const TOKEN = /^[\w-]{43}$/;

function apiBase(): string {
  const runtime = JSON.parse(document.getElementById('api-runtime')?.textContent ?? '{}') as ApiRuntime;
  return resolveApiBaseUrl(runtime, location.origin);
}

function drawQr(figure: HTMLElement, text: string, label: string) {
  if (figure.dataset.qrText === text) return;
  const { size, d } = qrPath(text);
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.setAttribute('class', 'w-64 h-64 max-w-full bg-white');
  svg.setAttribute('data-qr', '');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  svg.append(path);
  figure.replaceChildren(svg);
  figure.dataset.qrText = text;
}

export function wireQrWidget(root: HTMLElement): void {
  const texts = JSON.parse(root.querySelector('[data-texts]')?.textContent ?? '{}') as QrPageTexts;
  const figure = root.querySelector<HTMLElement>('[data-qr-figure]')!;
  const status = root.querySelector<HTMLElement>('[data-qr-status]')!;
  const expires = root.querySelector<HTMLElement>('[data-qr-expires]')!;
  const token = location.pathname.split('/').filter(Boolean).at(-1) ?? '';
  let timer: number | undefined;
  let done = false;
  let asking = false;

  /** A final answer: the text, no QR, no more asking. */
  const finish = (text: string) => {
    done = true;
    status.textContent = text;
    figure.replaceChildren();
    delete figure.dataset.qrText;
  };

  async function ask() {
    timer = undefined;
    if (done || document.hidden) return; // a hidden tab asks again when shown
    let response: Response | undefined;
    let body: { state?: string; qr?: string | null; expiresUnixTime?: number; code?: string } | undefined;
    asking = true;
    try {
      response = await fetch(`${apiBase()}/Public/WhatsAppQr/${encodeURIComponent(token)}`, { headers: { 'Client-Host': location.origin } });
      body = await response.json().catch(() => undefined);
    } catch {
      response = undefined;
    }
    asking = false;
    if (response?.status === 404) return finish(texts.linkInvalid);
    if (response?.status === 410) return finish(texts.linkExpired);
    if (response?.status === 409 && body?.code === 'gatewayNotConfigured') return finish(texts.noGateway);
    if (response?.ok && body) {
      if (body.expiresUnixTime) {
        const time = new Date(body.expiresUnixTime * 1000).toLocaleTimeString(document.documentElement.lang || undefined, { timeStyle: 'short' });
        expires.textContent = texts.expires.replace('{{time}}', time);
        expires.hidden = false;
      }
      if (body.state === 'Connected' || body.state === 'Authorized') return finish(texts.connected);
      if (body.state === 'GotQrCode' && body.qr) {
        drawQr(figure, body.qr, texts.image);
        status.textContent = '';
      } else if (body.state === 'NotAuthorized' || body.state === 'error') {
        return finish(texts.notWaiting);
      } else status.textContent = texts.loading;
    } else status.textContent = texts.retrying; // the gateway or the network: it may come back
    timer = window.setTimeout(() => void ask(), POLL_MS);
  }

  document.addEventListener('visibilitychange', () => {
    if (!document.hidden && timer === undefined && !asking && !done) void ask();
  });
  if (TOKEN.test(token)) void ask();
  else finish(texts.linkInvalid);
}

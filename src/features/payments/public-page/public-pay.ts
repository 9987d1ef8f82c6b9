// The public pay page's script: reads GET /Public/Payments/{publicId} (`?payment=`) or GET /Public/Payments/Links/{id}
// (`?link=`), shows what it pays for, and on Pay (terms accepted, §5) opens the provider's page. Plain DOM, no API client: the page stays within 15 KB.
import { resolveApiBaseUrl, type ApiRuntime } from '../../../brand/api-base.ts';
import { formatMinor } from '../cart.ts';
import type { PublicPayTexts } from './texts.ts';

/** Pay link ids are UUIDs: anything else cannot be one, so it is not asked for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PayLink {
  brandName: string;
  lines: { tariff: number; units: number; months: number; amount: number }[];
  packs: { kind: string; quantity: number; amount: number }[];
  total: number;
  currency: string;
  state: 'open' | 'paid' | 'expired';
  attempt: 'pending' | 'canceled' | null;
  expiresUnixTime: number;
}

/** Polls while an attempt is pending (the provider's answer may come after the payer is back), then stops. */
const POLLS = 20;
const POLL_MS = 3000;

interface PublicPayment {
  tariff: number;
  amount: number;
  currency: string;
  success: boolean;
  dateBeginUnixTime: number | null;
  dateEndUnixTime: number | null;
}

function apiBase(): string {
  const runtime = JSON.parse(document.getElementById('api-runtime')?.textContent ?? '{}') as ApiRuntime;
  return resolveApiBaseUrl(runtime, location.origin);
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> } | undefined> {
  try {
    const res = await fetch(`${apiBase()}${path}`, {
      method,
      headers: { 'Client-Host': location.origin, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => ({})) };
  } catch {
    return undefined;
  }
}

export function wirePublicPay(root: HTMLElement): void {
  const texts = JSON.parse(root.querySelector('[data-texts]')?.textContent ?? '{}') as PublicPayTexts;
  const $ = <E extends HTMLElement>(name: string) => root.querySelector<E>(`[data-${name}]`)!;
  const status = $('pay-status');
  const details = $('pay-details');
  const form = $<HTMLFormElement>('pay-form');
  const terms = form.querySelector<HTMLInputElement>('input[name=terms]')!;
  const termsError = $('field-error');
  const problem = $('pay-problem');
  const button = $<HTMLButtonElement>('pay-button');
  const query = new URLSearchParams(location.search);
  const linkId = query.get('link');
  const id = linkId ?? query.get('payment') ?? '';
  const path = linkId === null ? `/Public/Payments/${id}` : `/Public/Payments/Links/${id}`;
  const notFound = linkId === null ? texts.notFound : texts.link.notFound;
  let polls = 0;
  const lang = document.documentElement.lang || 'en';
  const date = (unix: number | null) => (unix === null ? '—' : new Date(unix * 1000).toLocaleDateString(lang, { timeZone: 'UTC' }));

  const finish = (text: string) => {
    status.textContent = text;
    form.hidden = true;
  };

  function showLink(l: PayLink) {
    const money = (minor: number) => formatMinor(minor, l.currency, lang);
    const L = texts.link;
    root.querySelector('[data-pay-for]')!.textContent = fill(L.to, { brand: l.brandName });
    const list = root.querySelector('[data-pay-lines]')!;
    list.replaceChildren(
      ...l.lines.map((x) => fill(L.line, { name: texts.tariffs[x.tariff] ?? `#${x.tariff}`, units: String(x.units), months: String(x.months) }) + ` — ${money(x.amount)}`)
        .concat(l.packs.map((x) => fill(L.pack, { name: L.packs[x.kind] ?? x.kind, quantity: String(x.quantity) }) + ` — ${money(x.amount)}`))
        .map((text) => Object.assign(document.createElement('li'), { textContent: text })),
    );
    const until = root.querySelector<HTMLElement>('[data-pay-period]')!;
    until.textContent = fill(L.until, { date: new Date(l.expiresUnixTime * 1000).toLocaleString(lang) });
    until.hidden = l.state !== 'open';
    root.querySelector('[data-pay-amount]')!.textContent = fill(L.sum, { total: money(l.total) });
    details.hidden = false;
    if (l.state === 'paid') return finish(L.paid);
    if (l.state === 'expired') return finish(L.expired);
    // Back from the provider: pending → wait (and ask again); canceled → Pay stays for another try.
    status.textContent = l.attempt === 'pending' ? L.pending : '';
    problem.textContent = L.canceled;
    problem.hidden = l.attempt !== 'canceled';
    form.hidden = false;
    if (l.attempt === 'pending' && polls++ < POLLS) setTimeout(() => void load(), POLL_MS);
  }

  async function load() {
    if (!UUID.test(id)) return finish(notFound);
    const answer = await call('GET', path);
    if (answer?.status === 404) return finish(notFound);
    if (!answer || answer.status !== 200) return finish(texts.failed);
    if (linkId !== null) return showLink(answer.json as unknown as PayLink);
    const p = answer.json as unknown as PublicPayment;
    root.querySelector('[data-pay-for]')!.textContent = fill(texts.for, { tariff: texts.tariffs[p.tariff] ?? `#${p.tariff}` });
    const period = root.querySelector<HTMLElement>('[data-pay-period]')!;
    period.textContent = fill(texts.period, { from: date(p.dateBeginUnixTime), to: date(p.dateEndUnixTime) });
    period.hidden = p.dateBeginUnixTime === null && p.dateEndUnixTime === null;
    root.querySelector('[data-pay-amount]')!.textContent = fill(texts.amount, { amount: formatMinor(p.amount, p.currency, lang) });
    details.hidden = false;
    if (p.success) return finish(texts.paid);
    status.textContent = '';
    form.hidden = false;
  }

  terms.addEventListener('change', () => {
    if (terms.checked) termsError.hidden = true;
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    problem.hidden = true;
    if (!terms.checked) {
      termsError.textContent = texts.termsRequired;
      termsError.hidden = false;
      terms.setAttribute('aria-invalid', 'true');
      return terms.focus();
    }
    terms.removeAttribute('aria-invalid');
    const label = button.textContent;
    button.disabled = true;
    button.textContent = texts.busy;
    const answer = await call('POST', `${path}/Checkout`, { termsAccepted: true });
    const url = answer?.status === 201 ? answer.json.confirmationUrl : undefined;
    if (typeof url === 'string') return location.assign(url);
    button.disabled = false;
    button.textContent = label;
    // A link paid or expired meanwhile: the page reads it again and says which.
    if (linkId !== null && (answer?.json.code === 'alreadyPaid' || answer?.json.code === 'payLinkExpired')) return void load();
    if (answer?.status === 409 && linkId === null) return finish(texts.paid);
    if (answer?.status === 404) return finish(notFound);
    problem.textContent = answer?.status === 502 ? texts.providerUnavailable : texts.failed;
    problem.hidden = false;
  });
  void load();
}

// The public pay page's script: reads GET /Public/Payments/{publicId} (the id from `?payment=`), shows what it pays
// for, and on Pay (terms accepted, §5) opens the provider's page. Plain DOM, no API client: the page stays within 15 KB.
import { resolveApiBaseUrl, type ApiRuntime } from '../../../brand/api-base.ts';
import { formatMinor } from '../cart.ts';
import type { PublicPayTexts } from './texts.ts';

/** Pay link ids are UUIDs: anything else cannot be one, so it is not asked for. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const id = new URLSearchParams(location.search).get('payment') ?? '';
  const lang = document.documentElement.lang || 'en';
  const date = (unix: number | null) => (unix === null ? '—' : new Date(unix * 1000).toLocaleDateString(lang, { timeZone: 'UTC' }));

  const finish = (text: string) => {
    status.textContent = text;
    form.hidden = true;
  };

  async function load() {
    if (!UUID.test(id)) return finish(texts.notFound);
    const answer = await call('GET', `/Public/Payments/${id}`);
    if (answer?.status === 404) return finish(texts.notFound);
    if (!answer || answer.status !== 200) return finish(texts.failed);
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
    const answer = await call('POST', `/Public/Payments/${id}/Checkout`, { termsAccepted: true });
    const url = answer?.status === 201 ? answer.json.confirmationUrl : undefined;
    if (typeof url === 'string') return location.assign(url);
    button.disabled = false;
    button.textContent = label;
    if (answer?.status === 409) return finish(texts.paid);
    if (answer?.status === 404) return finish(texts.notFound);
    problem.textContent = answer?.status === 502 ? texts.providerUnavailable : texts.failed;
    problem.hidden = false;
  });
  void load();
}

// Sends the public ignore form: POST /Phones/IgnoreLink/{encUserGuid} with the token from the URL (the static page is
// shared by all tokens through a rewrite). Plain DOM, no API client: this page must stay a few KB.
import { resolveApiBaseUrl, type ApiRuntime } from '../../../brand/api-base.ts';
import type { IgnorePageTexts } from './texts.ts';

interface FieldError {
  field?: string;
  code?: string;
}

function apiBase(): string {
  const runtime = JSON.parse(document.getElementById('api-runtime')?.textContent ?? '{}') as ApiRuntime;
  return resolveApiBaseUrl(runtime, location.origin);
}

export function wireIgnorePhoneForm(form: HTMLFormElement): void {
  const texts = JSON.parse(form.querySelector('[data-texts]')?.textContent ?? '{}') as IgnorePageTexts;
  const input = form.querySelector<HTMLInputElement>('input[name="phone"]')!;
  const fieldError = form.querySelector<HTMLElement>('[data-field-error]')!;
  const failure = form.querySelector<HTMLElement>('[data-form-message="error"]')!;
  const success = form.querySelector<HTMLElement>('[data-form-message="success"]')!;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const hintId = input.getAttribute('aria-describedby') ?? '';
  let busy = false;

  const show = (el: HTMLElement, text: string | undefined) => {
    el.textContent = text ?? '';
    el.hidden = !text;
  };
  const setFieldError = (text: string | undefined) => {
    show(fieldError, text);
    input.classList.toggle('border-red-600', !!text);
    input.classList.toggle('border-gray-400', !text);
    if (text) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
    input.setAttribute('aria-describedby', text ? `${hintId} ${fieldError.id}` : hintId);
  };
  const setBusy = (value: boolean) => {
    busy = value;
    button.disabled = value;
    button.setAttribute('aria-busy', String(value));
    button.textContent = value ? texts.working : texts.submit;
  };
  /** A field error in the page's language, chosen by its code (an unknown code gets the generic failure text). */
  const fieldText = (error: FieldError) => (error.code && texts.byCode[error.code]) || texts.network;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy) return;
    show(failure, undefined);
    show(success, undefined);
    const phone = input.value.trim();
    if (!phone) return setFieldError(texts.required);
    setFieldError(undefined);
    setBusy(true);
    const token = location.pathname.split('/').filter(Boolean).at(-1) ?? '';
    let response: Response | undefined;
    let body: { errors?: FieldError[] } | undefined;
    try {
      response = await fetch(`${apiBase()}/Phones/IgnoreLink/${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Client-Host': location.origin },
        body: JSON.stringify({ phone }),
      });
      body = await response.json().catch(() => undefined);
    } catch {
      response = undefined;
    }
    setBusy(false);
    if (response?.ok) {
      input.value = '';
      return show(success, texts.done);
    }
    const phoneError = body?.errors?.find((error) => error.field === 'phone') ?? body?.errors?.[0];
    if (phoneError) return setFieldError(fieldText(phoneError));
    const status = response?.status;
    show(failure, status === 404 ? texts.linkInvalid : status === 429 ? texts.tooMany : texts.network);
  });
  setBusy(false);
}

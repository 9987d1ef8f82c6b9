import type { components } from '../../api/schema.d.ts';
import type { T } from '../../i18n/translate.ts';
import { explainFieldErrors } from '../../api/explain-problem.ts';
import { api } from '../../api/browser.ts';

export type IgnoredPhone = components['schemas']['IgnoredPhone'];
export type IgnoredPhoneList = components['schemas']['IgnoredPhoneList'];
type Problem = { status?: number; message?: string; errors?: { field: string; code?: string; message: string }[] };

/** The shared §5 phone rule, loaded on first use: its metadata is too heavy for the page's initial JS. */
export async function phoneError(t: T, value: string): Promise<string | undefined> {
  const { checkPhone } = await import('../../shared/validation/phone.ts');
  const error = checkPhone(value);
  return error && t(`validation.${error.code}`);
}

/** A failed call as field errors (by field, translated by code) and a message for the whole form. */
export function explain(t: T, error: Problem | undefined, status: number | undefined): { fields: Record<string, string>; message?: string } {
  const fields = explainFieldErrors(error?.errors, t, { prefixes: ['validation.'] });
  if (Object.keys(fields).length) return { fields };
  if (status === 404) return { fields, message: t('errors.linkInvalid') };
  if (status === 429) return { fields, message: t('errors.tooMany') };
  return { fields, message: t('errors.network') };
}

const PAGE_SIZE = 20;

export async function listPhones(page: number, search: string) {
  return api().GET('/Phones/Ignore', { params: { query: { page, pageSize: PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) } } });
}
/** The blacklist a page at a time; a failed call shows "no connection" (nothing to log). */
export const phonesPage = async (page: number, q: { search: string }) => (await listPhones(page, q.search)).data;
export const addPhone = (phone: string, comment: string) => api().POST('/Phones/Ignore', { body: { phone: phone.trim(), ...(comment.trim() ? { comment: comment.trim() } : {}) } });
export const removePhone = (phoneId: number) => api().DELETE('/Phones/Ignore/{phoneId}', { params: { path: { phoneId } } });
export const ignoreLink = () => api().GET('/Phones/IgnoreLink');
export const addByLink = (token: string, phone: string) => api().POST('/Phones/IgnoreLink/{encUserGuid}', { params: { path: { encUserGuid: token } }, body: { phone: phone.trim() } });

/** "79991234567" → "+79991234567": stored digits shown in the international form people type. */
export const displayPhone = (digits: string) => `+${digits}`;

import { api } from '../../api/browser.ts';
import type { paths } from '../../api/schema.d.ts';
import { clearTokens } from '../../api/tokens.ts';
import type { SystemLanguage } from '../../i18n/locales.ts';

// The account domain's calls (sign-in and registration live in src/stores/session.ts, shared by the shell).

type JsonBody<P extends keyof paths, M extends 'post' | 'patch'> =
  NonNullable<paths[P][M]> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export const currentUser = () => api().GET('/Account/CurrentUser');
export const updateProfile = (body: JsonBody<'/Account/Profile', 'patch'>) => api().PATCH('/Account/Profile', { body });
export const changeEmail = (body: JsonBody<'/Account/ChangeEmail', 'post'>) => api().POST('/Account/ChangeEmail', { body });
export const changePassword = (body: JsonBody<'/Account/ChangePassword', 'post'>) => api().POST('/Account/ChangePassword', { body });
export const confirmEmail = (body: JsonBody<'/Account/ConfirmEmail', 'post'>) => api().POST('/Account/ConfirmEmail', { body });
export const forgotPassword = (body: JsonBody<'/Account/ForgotPassword', 'post'>) => api().POST('/Account/ForgotPassword', { body });
export const resetPassword = (body: JsonBody<'/Account/ResetPassword', 'post'>) => api().POST('/Account/ResetPassword', { body });
/** The demo owner of the page's language (each language has its own demo salon). */
export const demoLogin = (language: SystemLanguage) => api().POST('/Account/DemoLogin', { params: { query: { language } } });

/** Deletes the signed-in account; on success the tokens (dead on the server already) are dropped from this browser. */
export async function deleteAccount(body: JsonBody<'/Account/Delete', 'post'>) {
  const result = await api().POST('/Account/Delete', { body });
  if (result.response.ok) clearTokens(localStorage);
  return result;
}

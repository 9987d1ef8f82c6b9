// The account's language from sign-up on, and every account mail in it (issue 16 point 7).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const valid = { password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' };

async function signUp(email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await server.call('POST', '/account/register', { body: { ...valid, email, ...extra }, headers });
  expect(res.status).toBe(201);
  const { token } = await server.login(email, valid.password);
  const me = await server.call('GET', '/Account/CurrentUser', { token });
  const [mail] = await server.outbox(email);
  return { token, language: me.body.language as string, mail: mail! };
}

describe('language at sign-up', () => {
  it('stores the language the page was shown in and mails the confirmation in it', async () => {
    const en = await signUp('lang-en@example.com', { language: 'en' });
    expect(en.language).toBe('en');
    expect(en.mail.subject).toBe('Confirm your email');
    const pt = await signUp('lang-pt@example.com', { language: 'pt_br' });
    expect(pt.language).toBe('pt_br');
    expect(pt.mail.subject).toBe('Confirme seu e-mail');
    expect(pt.mail.text).toContain('Código de confirmação');
  });

  it('without one, takes the browser language (Accept-Language), then the brand language', async () => {
    const uk = await signUp('lang-uk@example.com', {}, { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.8' });
    expect(uk.language).toBe('uk');
    expect(uk.mail.subject).toBe('Підтвердьте e-mail');
    const intl = await signUp('lang-intl@example.com', { clientHost: 'https://app.notifio.me', countryId: 55 });
    expect(intl.language).toBe('en');
    const ru = await signUp('lang-ru@example.com');
    expect(ru.language).toBe('ru');
    expect(ru.mail.subject).toBe('Подтвердите e-mail');
    expect(ru.mail.text).toContain('Код подтверждения');
  });

  it('an unknown language is refused naming the field, and nothing is created', async () => {
    const res = await server.call('POST', '/account/register', { body: { ...valid, email: 'lang-bad@example.com', language: 'de' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('language');
    expect((await server.call('POST', '/account/login', { body: { email: 'lang-bad@example.com', password: valid.password } })).status).toBe(400);
  });
});

describe('mails in the recipient language', () => {
  it('password reset and a changed address follow the stored language, also after the owner changes it', async () => {
    const { token } = await signUp('lang-mails@example.com', { language: 'pt_br' });
    expect((await server.call('POST', '/Account/ForgotPassword', { body: { email: 'lang-mails@example.com' } })).status).toBe(200);
    expect((await server.outbox('lang-mails@example.com')).map((m) => m.subject)).toContain('Redefinição de senha');

    expect((await server.call('PATCH', '/Account/Profile', { token, body: { language: 'uk' } })).status).toBe(200);
    const changed = await server.call('POST', '/Account/ChangeEmail', { token, body: { newEmail: 'lang-mails-2@example.com', password: valid.password } });
    expect(changed.status).toBe(200);
    const [mail] = await server.outbox('lang-mails-2@example.com');
    expect(mail!.subject).toBe('Підтвердьте e-mail');
    expect(mail!.text).toContain('Підтвердьте нову адресу');
  });
});

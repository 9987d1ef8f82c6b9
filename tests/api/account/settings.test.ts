import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/validation/index.ts';
import { DEMO, startServer, type TestServer } from '../harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

const me = (token: string) => server.call('GET', '/Account/CurrentUser', { token });

describe('profile changes', () => {
  it('phone, country, language and report opt-outs, each saved on its own', async () => {
    const user = await server.createUser('profile@example.com', 'secret1');
    const res = await server.call('PATCH', '/Account/Profile', { token: user.token, body: { phoneNumber: '8 916 123-45-67'.replace(/^8/, '+7'), language: 'pt_br' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phoneNumber: '+79161234567', language: 'pt_br' });
    await server.call('PATCH', '/Account/Profile', { token: user.token, body: { notSendWeeklyYclientsReports: true, notSendWeeklyIikoReports: true, countryId: 55 } });
    expect((await me(user.token)).body).toMatchObject({ notSendWeeklyYclientsReports: true, notSendWeeklyIikoReports: true, countryId: 55, language: 'pt_br' });
  });

  it('rejects an invalid phone or language naming the field, and changes nothing', async () => {
    const user = await server.createUser('profile2@example.com', 'secret1');
    const before = (await me(user.token)).body;
    const phone = await server.call('PATCH', '/Account/Profile', { token: user.token, body: { phoneNumber: '12', language: 'en' } });
    expect(phone.status).toBe(400);
    expect(phone.body.errors[0]).toMatchObject({ field: 'phoneNumber', message: messages.phoneInvalid });
    const language = await server.call('PATCH', '/Account/Profile', { token: user.token, body: { language: 'de' } });
    expect(language.status).toBe(400);
    expect(language.body.message).toContain('language');
    const empty = await server.call('PATCH', '/Account/Profile', { token: user.token, body: {} });
    expect(empty.status).toBe(400);
    expect((await me(user.token)).body).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    expect((await server.call('PATCH', '/Account/Profile', { body: { language: 'en' } })).status).toBe(401);
  });
});

describe('password change', () => {
  it('needs the current password, applies §5 rules, ends other sessions and continues this one', async () => {
    const user = await server.createUser('pw@example.com', 'secret1');
    const other = await server.login('pw@example.com', 'secret1');
    const wrong = await server.call('POST', '/Account/ChangePassword', { token: user.token, body: { currentPassword: 'nope123', newPassword: 'newpass1', confirmPassword: 'newpass1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({ field: 'currentPassword', message: messages.currentPasswordWrong });
    const cyrillic = await server.call('POST', '/Account/ChangePassword', { token: user.token, body: { currentPassword: 'secret1', newPassword: 'пароль12', confirmPassword: 'пароль12' } });
    expect(cyrillic.body.errors[0]).toMatchObject({ field: 'newPassword', message: messages.passwordCyrillic });
    const mismatch = await server.call('POST', '/Account/ChangePassword', { token: user.token, body: { currentPassword: 'secret1', newPassword: 'newpass1', confirmPassword: 'newpass2' } });
    expect(mismatch.body.errors[0]).toMatchObject({ field: 'confirmPassword', message: messages.passwordsDontMatch });

    const ok = await server.call('POST', '/Account/ChangePassword', { token: user.token, body: { currentPassword: 'secret1', newPassword: 'newpass1', confirmPassword: 'newpass1' } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(messages.passwordChanged);
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: other.refreshToken } })).status).toBe(400);
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: ok.body.refreshToken } })).status).toBe(200);
    expect((await server.call('POST', '/account/login', { body: { email: 'pw@example.com', password: 'secret1' } })).status).toBe(400);
    expect((await server.call('POST', '/account/login', { body: { email: 'pw@example.com', password: 'newpass1' } })).status).toBe(200);
  });
});

describe('email change', () => {
  it('needs the password, refuses a taken address, and asks to confirm the new one', async () => {
    const user = await server.createUser('old@example.com', 'secret1');
    await server.createUser('taken@example.com', 'secret1');
    const wrong = await server.call('POST', '/Account/ChangeEmail', { token: user.token, body: { newEmail: 'new@example.com', password: 'bad' } });
    expect(wrong.body.errors[0]).toMatchObject({ field: 'password', message: messages.currentPasswordWrong });
    const invalid = await server.call('POST', '/Account/ChangeEmail', { token: user.token, body: { newEmail: 'not-an-email', password: 'secret1' } });
    expect(invalid.body.errors[0]).toMatchObject({ field: 'newEmail', message: messages.emailInvalid });
    const taken = await server.call('POST', '/Account/ChangeEmail', { token: user.token, body: { newEmail: 'TAKEN@example.com', password: 'secret1' } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.emailTaken);
    expect(taken.body.code).toBe('emailTaken');
    expect((await me(user.token)).body.email).toBe('old@example.com');

    const ok = await server.call('POST', '/Account/ChangeEmail', { token: user.token, body: { newEmail: 'New@Example.com', password: 'secret1' } });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('new@example.com');
    const [mail] = await server.outbox('new@example.com');
    expect(mail!.text).toContain('/Account/ConfirmEmail?userId=');
    expect((await server.call('POST', '/account/login', { body: { email: 'new@example.com', password: 'secret1' } })).status).toBe(200);
  });
});

describe('demo and marketplace', () => {
  it('the demo sign-in returns tokens of the demo account', async () => {
    const res = await server.call('POST', '/Account/DemoLogin');
    expect(res.status).toBe(200);
    expect((await me(res.body.token)).body.email).toBe(DEMO.email);
  });

  it('registration from a marketplace links the booking system', async () => {
    const body = { email: 'market@example.com', password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567', marketplace: { system: 'Altegio', applicationId: 'app-42' } };
    expect((await server.call('POST', '/account/register', { body })).status).toBe(201);
    const { token } = await server.login('market@example.com', 'secret1');
    expect((await me(token)).body.crms).toEqual(['Altegio']);
    const bad = await server.call('POST', '/account/register', { body: { ...body, email: 'm2@example.com', marketplace: { system: 'Bitrix', applicationId: 'x' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('marketplace');
  });
});

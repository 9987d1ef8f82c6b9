import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/validation/index.ts';
import { DEMO, lastCode, startServer, type TestServer } from '../harness.ts';

let server: TestServer;
let jwks: Server;
let signGoogle: (claims: Record<string, unknown>, audience?: string) => Promise<string>;
const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';

beforeAll(async () => {
  // Our own "Google": a key pair whose public half is served as a JWKS on loopback.
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  server = await startServer({
    env: { GOOGLE_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`, GOOGLE_CLIENT_ID },
  });
  signGoogle = (claims, audience = GOOGLE_CLIENT_ID) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer('https://accounts.google.com')
      .setAudience(audience)
      .setIssuedAt(Math.floor(server.clock.now() / 1000))
      .setExpirationTime(Math.floor(server.clock.now() / 1000) + 3600)
      .sign(privateKey);
});
afterAll(async () => {
  await server?.close();
  jwks?.close();
});

const valid = { email: 'owner@example.com', password: 'secret1', confirmPassword: 'secret1', phone: '+79161234567' };

describe('register', () => {
  it('creates an account that can log in, and mails a confirmation', async () => {
    const res = await server.call('POST', '/account/register', { body: { ...valid, utmTag: 'ads', clientHost: 'https://app.notifio.ru' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), email: valid.email });
    const tokens = await server.login(valid.email, valid.password);
    const me = await server.call('GET', '/Account/CurrentUser', { token: tokens.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, email: valid.email, phoneNumber: '+79161234567', language: 'ru', crms: [] });
    const [mail] = await server.outbox(valid.email);
    expect(mail!.text).toContain(`https://app.notifio.ru/Account/ConfirmEmail?userId=${res.body.id}&code=`);
  });

  it('rejects a duplicate email with the §8 text, case-insensitively', async () => {
    const res = await server.call('POST', '/account/register', { body: { ...valid, email: 'OWNER@example.com' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username with this email is already exists.');
    expect(res.body.code).toBe('emailTaken');
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['missing email', { email: undefined }, 'email', messages.emailRequired],
    ['invalid email', { email: 'not-an-email' }, 'email', messages.emailInvalid],
    ['email over 254', { email: `${'a'.repeat(250)}@x.io` }, 'email', messages.emailTooLong],
    ['missing password', { password: undefined }, 'password', messages.passwordRequired],
    ['short password', { password: 'abc12', confirmPassword: 'abc12' }, 'password', messages.passwordLength],
    ['long password', { password: 'a'.repeat(21), confirmPassword: 'a'.repeat(21) }, 'password', messages.passwordLength],
    ['Cyrillic password', { password: 'пароль1', confirmPassword: 'пароль1' }, 'password', messages.passwordCyrillic],
    ['password with space', { password: 'abc 123', confirmPassword: 'abc 123' }, 'password', messages.passwordSpaces],
    ['confirmation differs', { confirmPassword: 'other12' }, 'confirmPassword', messages.passwordsDontMatch],
    ['missing phone', { phone: undefined }, 'phone', messages.phoneRequired],
    ['invalid phone', { phone: '+7 12' }, 'phone', messages.phoneInvalid],
    ['wrong type countryId', { countryId: 'x' }, 'countryId', 'countryId: must be integer,null'],
  ];
  it.each(cases)('%s → 400 naming the field, nothing stored', async (_name, patch, field, message) => {
    const email = `case${Math.random().toString(36).slice(2)}@example.com`;
    const res = await server.call('POST', '/account/register', { body: { ...valid, email, ...patch } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[0].field).toBe(field);
    const login = await server.call('POST', '/account/login', { body: { email, password: valid.password } });
    expect(login.status).toBe(400);
  });

  it('requires countryId where the brand asks for it at registration', async () => {
    const { loadBrands } = await import('../../../src/brand/load.ts');
    const brand = loadBrands().find((b) => b.flags.countryAtRegistration);
    if (!brand) return; // no brand asks for a country in this build
    const body = { ...valid, email: 'country@example.com', clientHost: `https://${brand.hosts[0]}` };
    const res = await server.call('POST', '/account/register', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.countryRequired);
    expect(res.body).toMatchObject({ code: 'countryRequired', errors: [{ field: 'countryId', code: 'countryRequired' }] });
    expect((await server.call('POST', '/account/register', { body: { ...body, countryId: 1 } })).status).toBe(201);
  });
});

describe('login', () => {
  it('returns a token pair for the demo account', async () => {
    const res = await server.call('POST', '/account/login', { body: DEMO });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ token: expect.any(String), refreshToken: expect.any(String) });
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString());
    expect(claims.role).toBe('user');
  });
  it.each([
    ['wrong password', { email: DEMO.email, password: 'wrong12' }],
    ['unknown email', { email: 'nobody@example.com', password: 'demo123' }],
  ])('%s → Invalid email or password', async (_n, body) => {
    const res = await server.call('POST', '/account/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid email or password');
    expect(res.body.code).toBe('invalidCredentials');
  });
  it('missing password names the field', async () => {
    const res = await server.call('POST', '/account/login', { body: { email: DEMO.email } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('password');
  });
});

describe('current user and subscription', () => {
  it('CurrentUser returns every §3 field', async () => {
    const { token } = await server.login(DEMO.email, DEMO.password);
    const res = await server.call('GET', '/Account/CurrentUser', { token });
    expect(Object.keys(res.body).sort()).toEqual(
      ['availableNotificationsCount', 'chatApiInstanceLimit', 'countryId', 'crms', 'email', 'fullName', 'id', 'isTestUser', 'language', 'notSendWeeklyIikoReports', 'notSendWeeklyYclientsReports', 'phoneNumber', 'timeZone', 'timeZoneOffset'].sort(),
    );
  });
  it('rejects missing and forged tokens with 401', async () => {
    expect((await server.call('GET', '/Account/CurrentUser')).status).toBe(401);
    const { token } = await server.login(DEMO.email, DEMO.password);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const res = await server.call('GET', '/Account/CurrentUser', { token: forged });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.tokenInvalid);
  });
  it('NearestPaymentEndDate follows the payments an admin adds', async () => {
    const user = await server.createUser('payer@example.com', 'secret1');
    expect((await server.call('GET', '/Account/NearestPaymentEndDate', { token: user.token })).body).toEqual({ dateEndUnixTime: null, status: null });
    const admin = await server.createUser('admin-acc@example.com', 'secret1', 'admin');
    const now = Math.floor(server.clock.now() / 1000);
    await server.call('POST', `/Admin/Users/${user.id}/Pays`, { token: admin.token, body: { dateBeginUnixTime: now - 86400 * 40, dateEndUnixTime: now - 86400 * 10 } });
    expect((await server.call('GET', '/Account/NearestPaymentEndDate', { token: user.token })).body).toEqual({ dateEndUnixTime: now - 86400 * 10, status: 'Expired' });
    await server.call('POST', `/Admin/Users/${user.id}/Pays`, { token: admin.token, body: { dateBeginUnixTime: now, dateEndUnixTime: now + 86400 * 30 } });
    await server.call('POST', `/Admin/Users/${user.id}/Pays`, { token: admin.token, body: { success: false, dateEndUnixTime: now + 86400 } });
    expect((await server.call('GET', '/Account/NearestPaymentEndDate', { token: user.token })).body).toEqual({ dateEndUnixTime: now + 86400 * 30, status: 'Active' });
    const infos = await server.call('GET', `/PayInfos/${user.id}`, { token: user.token });
    expect(infos.status).toBe(200);
    expect(infos.body.pays).toHaveLength(3);
  });
  it('RequestSetUp notifies support', async () => {
    const { token } = await server.login(DEMO.email, DEMO.password);
    const res = await server.call('POST', '/Account/RequestSetUp', { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.setUpRequested);
    const [mail] = await server.outbox('support@cabinet.local');
    expect(mail!.subject).toContain(DEMO.email);
    expect((await server.call('POST', '/Account/RequestSetUp')).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  const email = 'forgetful@example.com';
  beforeAll(async () => {
    await server.createUser(email, 'oldpass1');
  });

  it('unknown address → the §8 error text', async () => {
    const res = await server.call('POST', '/Account/ForgotPassword', { body: { email: 'ghost@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.forgotPasswordFailed);
  });

  it('never mails a link to a host that is not ours (Client-Host injection)', async () => {
    const res = await server.call('POST', '/Account/ForgotPassword', { body: { email }, headers: { 'Client-Host': 'https://evil.example.com' } });
    expect(res.status).toBe(200);
    const mail = (await server.outbox(email))[0]!.text;
    expect(mail).not.toContain('evil.example.com');
    expect(mail).toContain('/account/reset-password?email=');
  });

  it('mails a single-use code that resets the password and ends old sessions', async () => {
    const old = await server.login(email, 'oldpass1');
    const res = await server.call('POST', '/Account/ForgotPassword', { body: { email }, headers: { 'Client-Host': 'https://app.massend.ru' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('A password reset link has been sent to the address you provided');
    const code = await lastCode(server, email);
    expect((await server.outbox(email))[0]!.text).toContain('https://app.massend.ru/account/reset-password?email=');

    const reset = { email, code, newPassword: 'newpass1', confirmPassword: 'newpass1' };
    const ok = await server.call('POST', '/Account/ResetPassword', { body: reset });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password changed successfully');
    await server.login(email, 'newpass1');
    expect((await server.call('POST', '/account/login', { body: { email, password: 'oldpass1' } })).status).toBe(400);
    expect((await server.call('POST', '/Account/RefreshToken', { body: { refreshToken: old.refreshToken } })).status).toBe(400);

    const again = await server.call('POST', '/Account/ResetPassword', { body: { ...reset, newPassword: 'third12', confirmPassword: 'third12' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.resetPasswordFailed);
  });

  it('an expired code fails', async () => {
    await server.call('POST', '/Account/ForgotPassword', { body: { email } });
    const code = await lastCode(server, email);
    server.clock.advance(3601);
    const res = await server.call('POST', '/Account/ResetPassword', { body: { email, code, newPassword: 'later12', confirmPassword: 'later12' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.resetPasswordFailed);
  });

  it.each([
    ['missing code', { code: undefined }, messages.notAllFieldsFilled],
    ['empty email', { email: '' }, messages.notAllFieldsFilled],
    ['passwords differ', { confirmPassword: 'other12' }, "Passwords don't match"],
    ['weak new password', { newPassword: 'ab', confirmPassword: 'ab' }, messages.passwordLength],
  ])('%s → %s', async (_n, patch, message) => {
    const body = { email, code: 'whatever', newPassword: 'valid12', confirmPassword: 'valid12', ...patch };
    const res = await server.call('POST', '/Account/ResetPassword', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('confirm email', () => {
  it('confirms with the mailed code once', async () => {
    const email = 'confirm@example.com';
    const reg = await server.call('POST', '/account/register', { body: { ...valid, email } });
    const code = await lastCode(server, email);
    const bad = await server.call('POST', '/Account/ConfirmEmail', { body: { userId: reg.body.id, code: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.emailConfirmFailed);
    expect(bad.body.code).toBe('emailConfirmFailed');
    const ok = await server.call('POST', '/Account/ConfirmEmail', { body: { userId: reg.body.id, code } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Your email has been successfully confirmed!');
    expect((await server.call('POST', '/Account/ConfirmEmail', { body: { userId: reg.body.id, code } })).status).toBe(400);
  });
  it("another user's code does not confirm this user", async () => {
    const a = await server.call('POST', '/account/register', { body: { ...valid, email: 'conf-a@example.com' } });
    const b = await server.call('POST', '/account/register', { body: { ...valid, email: 'conf-b@example.com' } });
    const codeA = await lastCode(server, 'conf-a@example.com');
    expect(a.status).toBe(201);
    expect((await server.call('POST', '/Account/ConfirmEmail', { body: { userId: b.body.id, code: codeA } })).status).toBe(400);
  });
});

describe('external login (Google)', () => {
  it('signs up a new user, then signs the same user in', async () => {
    const idToken = await signGoogle({ email: 'g.user@gmail.com', name: 'G User' });
    const first = await server.call('POST', '/Account/ExternalLoginCallback', { body: { provider: 'Google', idToken, clientHost: 'https://x.example' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isNewUser: true, token: expect.any(String), refreshToken: expect.any(String) });
    const second = await server.call('POST', '/Account/ExternalLoginCallback', { body: { provider: 'Google', idToken } });
    expect(second.body.isNewUser).toBe(false);
    const me = await server.call('GET', '/Account/CurrentUser', { token: second.body.token });
    expect(me.body.email).toBe('g.user@gmail.com');
  });
  it('rejects a token for another audience, an unverified email, and garbage', async () => {
    for (const idToken of [
      await signGoogle({ email: 'a@gmail.com' }, 'someone-else'),
      await signGoogle({ email: 'b@gmail.com', email_verified: false }),
      'not.a.jwt',
    ]) {
      const res = await server.call('POST', '/Account/ExternalLoginCallback', { body: { provider: 'Google', idToken } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.externalLoginFailed);
    }
  });
});

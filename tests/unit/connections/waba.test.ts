// The pure parts of WABA (docs/connections.md "WhatsApp Business (360dialog)"): the §5 name rule, the variables and
// examples of a new template, reading 360dialog's listing, and the channel's reading of Meta's answers.
import { describe, expect, it } from 'vitest';
import { toResult } from '../../../src/server/delivery/channels/waba.ts';
import { templateOf } from '../../../src/server/modules/connections/waba-api.ts';
import { checkNewTemplate, TEMPLATE_NAME, templatePayload, variablesOf } from '../../../src/server/modules/connections/waba-templates.ts';
import { HttpError } from '../../../src/server/platform/http/problem.ts';

const base = { name: 'visit_reminder', category: 'UTILITY', language: 'ru', type: 'standard', body: 'Hi {{1}}, see you {{2}}', examples: ['Anna', 'at 10'] } as const;
const fieldOf = (f: () => void) => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as HttpError).errors?.[0]?.field + ':' + (e as HttpError).errors?.[0]?.code;
  }
};

describe('a new template', () => {
  it('§5: lowercase English letters and digits joined by single underscores', () => {
    for (const ok of ['visit_reminder', 'promo_2025', 'a', 'reply1']) expect(TEMPLATE_NAME.test(ok), ok).toBe(true);
    for (const bad of ['Visit', 'visit reminder', 'visit-reminder', '_visit', 'visit_', 'visit__reminder', 'напоминание', '2025', '']) expect(TEMPLATE_NAME.test(bad), bad).toBe(false);
  });

  it('variables numbered from 1 without gaps, one example each; a media template needs its example file', () => {
    expect(variablesOf('{{1}} and {{ 2 }} and {{1}}')).toEqual([1, 2, 1]);
    expect(fieldOf(() => checkNewTemplate({ ...base, examples: [...base.examples] }))).toBeUndefined();
    expect(fieldOf(() => checkNewTemplate({ ...base, body: 'Hi {{1}} {{1}}', examples: ['a'] }))).toBeUndefined();
    expect(fieldOf(() => checkNewTemplate({ ...base, body: 'Hi {{2}}', examples: ['a'] }))).toBe('body:wabaTemplateVariablesInvalid');
    expect(fieldOf(() => checkNewTemplate({ ...base, body: 'Hi {{name}}', examples: [] }))).toBe('body:wabaTemplateVariablesInvalid');
    expect(fieldOf(() => checkNewTemplate({ ...base, examples: ['Anna'] }))).toBe('examples:wabaTemplateExamplesMismatch');
    expect(fieldOf(() => checkNewTemplate({ ...base, examples: ['Anna', ' '] }))).toBe('examples:wabaTemplateExamplesMismatch');
    expect(fieldOf(() => checkNewTemplate({ ...base, type: 'media', examples: [...base.examples] }))).toBe('mediaExampleUrl:required');
  });

  it('is sent as HEADER / BODY / FOOTER components', () => {
    expect(templatePayload({ ...base, examples: [...base.examples], type: 'media', mediaFormat: 'VIDEO', mediaExampleUrl: 'https://e.com/v.mp4', footer: ' Salon ' }).components).toEqual([
      { type: 'HEADER', format: 'VIDEO', example: { header_handle: ['https://e.com/v.mp4'] } },
      { type: 'BODY', text: base.body, example: { body_text: [['Anna', 'at 10']] } },
      { type: 'FOOTER', text: 'Salon' },
    ]);
  });
});

describe("360dialog's listing", () => {
  it('reads status lower-case, category upper-case, media from the header, and drops rows without a name', () => {
    const raw = { name: 'promo', language: 'ru', status: 'APPROVED', category: 'marketing', rejected_reason: 'NONE', components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Sale {{1}}' }] };
    expect(templateOf(raw)).toEqual({ name: 'promo', language: 'ru', status: 'approved', category: 'MARKETING', rejectedReason: null, type: 'media', body: 'Sale {{1}}' });
    expect(templateOf({ ...raw, components: [{ type: 'HEADER', format: 'TEXT' }] })).toMatchObject({ type: 'standard', body: '' });
    expect(templateOf({ language: 'ru' })).toBeUndefined();
    expect(templateOf(null)).toBeUndefined();
  });
});

describe("the channel's reading of Meta's answers", () => {
  const reply = (status: number, body: unknown, retryAfterHeader: string | null = null) => toResult({ status, body, retryAfterHeader });
  it('sent, throttled, refused', () => {
    expect(reply(200, { messages: [{ id: 'wamid.1' }] })).toEqual({ ok: true, providerMessageId: 'wamid.1' });
    expect(reply(400, { error: { code: 131056, message: 'pair rate limit' } })).toMatchObject({ ok: false, retryable: true });
    expect(reply(429, {}, '7')).toMatchObject({ ok: false, retryable: true, retryAfterMs: 7000 });
    expect(reply(502, undefined)).toMatchObject({ ok: false, retryable: true });
    expect(reply(404, { error: { code: 132001 } })).toMatchObject({ ok: false, retryable: false, reason: 'template missing (not approved in this language)' });
    expect(reply(400, { error: { code: 131047 } })).toMatchObject({ retryable: false, reason: 'outside the 24-hour window: send a template' });
    expect(reply(401, { meta: { developer_message: 'Invalid api key' } })).toMatchObject({ retryable: false, reason: '360dialog refused the API key' });
    expect(reply(400, { error: { code: 100, message: 'Invalid parameter' } })).toMatchObject({ retryable: false, reason: 'rejected: Invalid parameter' });
    expect(reply(200, {})).toMatchObject({ ok: false, retryable: false });
  });
});

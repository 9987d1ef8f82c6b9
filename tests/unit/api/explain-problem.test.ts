import { describe, expect, it } from 'vitest';
import { explainEach, explainFieldErrors, explainProblem } from '../../../src/api/explain-problem.ts';
import { createT } from '../../../src/i18n/translate.ts';

const t = createT('en', {
  validation: { emailRequired: 'Enter your email' },
  server: { network: 'No connection', titleRequired: 'Name the flow', known: 'Known by code' },
  problem: { refused: 'Refused', failed: 'Our fault', tooLong: 'At most {{limit}}' },
});

describe('explainProblem', () => {
  it('chooses the text by the code, never by the English message', () => {
    expect(explainProblem({ code: 'known', message: 'whatever' }, t)).toBe('Known by code');
    expect(explainProblem({ code: 'emailRequired', status: 400 }, t)).toBe('Enter your email');
    expect(explainProblem({ code: 'titleRequired' }, t)).toBe('Name the flow');
  });
  it('fills the text from the problem params and tries the shared problem codes', () => {
    expect(explainProblem({ code: 'tooLong', params: { limit: 200 } }, t)).toBe('At most 200');
  });
  it('gives a generic text by status class for an unknown code', () => {
    expect(explainProblem({ code: 'somethingNew', status: 409, message: 'Something new' }, t)).toBe('Refused');
    expect(explainProblem({ code: 'somethingNew', status: 503 }, t)).toBe('Our fault');
    expect(explainProblem({ code: 'somethingNew', field: 'x' }, t)).toBe('Refused');
  });
  it('shows a network failure, a thrown error or a bare text as the fallback', () => {
    expect(explainProblem(new TypeError('fetch failed'), t)).toBe('No connection');
    expect(explainProblem(undefined, t)).toBe('No connection');
    expect(explainProblem('Email is required', t)).toBe('No connection');
  });
  it('keys field errors by field, first per field', () => {
    expect(explainFieldErrors([{ field: 'email', code: 'emailRequired' }, { field: 'email', code: 'known' }], t)).toEqual({ email: 'Enter your email' });
    expect(explainEach({ title: { code: 'titleRequired' }, '': { code: 'x', status: 500 } }, t)).toEqual({ title: 'Name the flow', '': 'Our fault' });
  });
});

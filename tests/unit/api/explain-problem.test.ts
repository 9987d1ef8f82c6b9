import { describe, expect, it } from 'vitest';
import { explainFieldErrors, explainProblem } from '../../../src/api/explain-problem.ts';
import { createT } from '../../../src/i18n/translate.ts';
import { messages } from '../../../src/shared/validation/messages.ts';
import { flowMessages } from '../../../src/shared/flows/messages.ts';

const t = createT('en', {
  validation: { emailRequired: 'Enter your email' },
  server: { network: 'No connection', titleRequired: 'Name the flow', known: 'Known by code' },
});

describe('explainProblem', () => {
  it('prefers the code', () => {
    expect(explainProblem({ code: 'known', message: 'whatever' }, t)).toBe('Known by code');
  });
  it('maps a known English server text back to its key until codes arrive', () => {
    expect(explainProblem({ message: messages.emailRequired }, t)).toBe('Enter your email');
    expect(explainProblem(flowMessages.titleRequired, t)).toBe('Name the flow');
  });
  it('shows an unknown server text as sent, and a network failure as the fallback', () => {
    expect(explainProblem({ message: 'Something new' }, t)).toBe('Something new');
    expect(explainProblem(new TypeError('fetch failed'), t)).toBe('No connection');
    expect(explainProblem(undefined, t)).toBe('No connection');
  });
  it('keys field errors by field, first per field', () => {
    expect(explainFieldErrors([{ field: 'email', message: messages.emailRequired }, { field: 'email', message: 'second' }], t)).toEqual({ email: 'Enter your email' });
  });
});

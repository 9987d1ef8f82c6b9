import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { FEATURE_NAMESPACES, messagesPath, type Namespace } from '../../../src/i18n/namespaces.ts';
import { createT, type Messages } from '../../../src/i18n/translate.ts';
import { nextStartMessages } from '../../../src/shared/flows/quickstart.ts';
import { PROBLEM_CODES, problemCodesByDomain, problemTexts, type ProblemCode } from '../../../src/server/platform/http/codes.ts';

const read = (locale: string, namespace: Namespace) =>
  JSON.parse(readFileSync(new URL(`../../../src/${messagesPath(locale as never, namespace)}`, import.meta.url), 'utf8')) as Messages;

/** Codes only machines get (webhooks of booking systems, iiko, WAHA, Telegram): no screen shows them. */
const MACHINE_ONLY = new Set<string>([
  ...Object.keys(problemCodesByDomain.booking),
  ...Object.keys(problemCodesByDomain.orders),
  'signatureInvalid',
  'webhookNotFound',
  'webhookSecretWrong',
  // Only Stripe reads it (a renewal event to send again later).
  'subscriptionNotYetKnown',
  // The router's refusals of addresses no screen builds (broken escapes, over-long segments).
  'addressInvalid',
  'pathTooLong',
]);

/** Where a namespace keeps the texts of codes (the prefixes its screens pass to explainProblem). */
const PREFIXES: Record<string, readonly string[]> = {
  account: ['validation.', 'server.', 'problem.'],
  onboarding: ['quickstart.errors.', 'problem.'],
  flows: ['server.', 'editor.rule.', 'editor.serverRule.', 'problem.'],
  phones: ['validation.', 'server.', 'problem.'],
  delivery: ['server.', 'problem.'],
  admin: ['validation.', 'server.', 'problem.'],
  connections: ['validation.', 'server.', 'problem.'],
  payments: ['server.', 'problem.'],
  partners: ['server.', 'problem.'],
  distributions: ['server.', 'problem.'],
};
/** The namespaces whose screens word problems (Home's one call either loads or offers a retry: it shows none). */
const EXPLAINING = FEATURE_NAMESPACES.filter((namespace) => namespace !== 'home');

/** Which namespaces show a domain's codes; the platform's and the contract's codes may reach every screen. */
const SHOWN_IN: Record<keyof typeof problemCodesByDomain, readonly Namespace[]> = {
  platform: EXPLAINING,
  contract: EXPLAINING,
  account: ['account'],
  flows: ['flows'],
  phones: ['phones'],
  delivery: ['delivery'],
  admin: ['admin'],
  booking: [],
  orders: [],
  connections: ['connections'],
  // Read API only so far (docs/conversations.md); a conversations screen adds its namespace.
  conversations: [],
  // The payments screens come next (issue 18); their texts are here already.
  payments: ['payments'],
  partners: ['partners'],
  distributions: ['distributions'],
};

describe('problem codes', () => {
  it('are camelCase and one code has one English text', () => {
    for (const [domain, table] of Object.entries(problemCodesByDomain)) {
      for (const [code, text] of Object.entries(table)) {
        expect(code, domain).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        expect(problemTexts[code as ProblemCode], `${domain}.${code}`).toBe(text);
      }
    }
  });

  it('every code a screen can show has a text in each locale of its namespace', () => {
    const missing: string[] = [];
    for (const locale of LOCALES) {
      for (const [domain, namespaces] of Object.entries(SHOWN_IN)) {
        const codes = Object.keys(problemCodesByDomain[domain as keyof typeof problemCodesByDomain]).filter((c) => !MACHINE_ONLY.has(c));
        for (const namespace of namespaces) {
          const t = createT(locale, read(locale, namespace));
          const prefixes = PREFIXES[namespace]!;
          const local = domain === 'flows' ? codes.filter((c) => !(c in nextStartMessages)) : codes;
          for (const code of local) if (!prefixes.some((p) => t.dynamic(`${p}${code}`) !== `${p}${code}`)) missing.push(`${locale} ${namespace}: ${code}`);
        }
      }
      // The planned start is a quick start field; its codes are shown by the onboarding screen.
      const onboarding = createT(locale, read(locale, 'onboarding'));
      for (const code of Object.keys(nextStartMessages)) if (onboarding.dynamic(`quickstart.errors.${code}`) === `quickstart.errors.${code}`) missing.push(`${locale} onboarding: ${code}`);
      // Every namespace has the generic texts explainProblem falls back to.
      for (const namespace of EXPLAINING) {
        const t = createT(locale, read(locale, namespace));
        for (const key of ['problem.refused', 'problem.failed']) if (t.dynamic(key) === key) missing.push(`${locale} ${namespace}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the list is what the server can send', () => {
    expect(PROBLEM_CODES).toContain('routeNotFound');
    expect(PROBLEM_CODES).toContain('emailTaken');
    expect(PROBLEM_CODES).not.toContain('forgotPasswordSent');
  });
});

import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { FLOW_KINDS } from '../../../src/shared/flows/kinds.ts';
import { defaultFlowText, findTemplate, TEMPLATE_CATALOGUES, TEMPLATE_INTEGRATIONS, templateText } from '../../../src/shared/flows/templates.ts';
import { isMessageVariable, TOKEN_PATTERN } from '../../../src/shared/flows/variables.ts';
import { validateFlow } from '../../../src/shared/flows/validate.ts';
import { defaultFields } from '../../../src/shared/flows/types.ts';

const unknownTokens = (text: string) => [...text.matchAll(TOKEN_PATTERN)].map((m) => m[1]).filter((name) => !isMessageVariable(name));

describe('default flow texts', () => {
  for (const kind of FLOW_KINDS) {
    for (const locale of LOCALES) {
      it(`${kind} × ${locale}: non-empty, known variables only`, () => {
        const { title, content } = defaultFlowText(kind, locale);
        expect(title.trim()).not.toBe('');
        expect(content.trim()).not.toBe('');
        expect(content).toMatch(TOKEN_PATTERN);
        expect(unknownTokens(content)).toEqual([]);
        expect(unknownTokens(title)).toEqual([]);
        // every `{` opens a well-formed token: no typos like `{client Name}`
        expect(content.replace(TOKEN_PATTERN, '')).not.toMatch(/[{}]/);
      });
    }
  }
});

describe('template catalogues', () => {
  it('every template of every integration gives a valid flow in every language', () => {
    for (const integration of TEMPLATE_INTEGRATIONS) {
      const ids = TEMPLATE_CATALOGUES[integration].map((t) => t.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const type of TEMPLATE_CATALOGUES[integration]) {
        for (const locale of LOCALES) {
          const text = templateText(type, locale);
          expect(unknownTokens(text.content)).toEqual([]);
          expect(text.content.replace(TOKEN_PATTERN, '')).not.toMatch(/[{}]/);
          const fields = { ...defaultFields(type.kind), ...type.timing, ...text };
          expect(validateFlow(fields, Math.floor(Date.now() / 1000))).toEqual([]);
        }
      }
    }
  });

  it('finds a template by integration and id, and nothing for unknown ones', () => {
    expect(findTemplate('iikocrm', 'orderCreated')?.kind).toBe('newRecord');
    expect(findTemplate('yclients', 'orderCreated')).toBeUndefined();
    expect(findTemplate('nope', 'birthday')).toBeUndefined();
  });
});

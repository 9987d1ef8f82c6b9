// The WhatsApp Business rules a flow's messages follow (src/shared/flows/waba.ts, docs/flows.md "WhatsApp Business
// template"): Meta's 24-hour window, how many values a template needs, the mapping's completeness and the values.
import { describe, expect, it } from 'vitest';
import { firstUnmapped, insideWindow, isTemplateLogText, renderTemplate, templateLogText, templateValues, templateVariableCount, WABA_EMPTY_VALUE, WABA_WINDOW_MS } from '../../../src/shared/flows/waba.ts';

const NOW = Date.UTC(2026, 10, 24, 12);

describe('the 24-hour window', () => {
  it('is open for a client who wrote less than 24 hours ago, closed at 24 hours and for one who never wrote', () => {
    expect(insideWindow(NOW - 3_600_000, NOW)).toBe(true);
    expect(insideWindow(NOW - WABA_WINDOW_MS + 1, NOW)).toBe(true);
    expect(insideWindow(NOW - WABA_WINDOW_MS, NOW)).toBe(false);
    expect(insideWindow(NOW - 2 * WABA_WINDOW_MS, NOW)).toBe(false);
    expect(insideWindow(undefined, NOW)).toBe(false);
    // A message stamped in the future (a clock ahead) does not open it.
    expect(insideWindow(NOW + 60_000, NOW)).toBe(false);
  });
});

describe('template variables', () => {
  it('counts a body’s values by its highest {{n}}, repeats counted once', () => {
    expect(templateVariableCount('Hello')).toBe(0);
    expect(templateVariableCount('Hi {{1}}, {{2}} at {{3}}; {{1}} again')).toBe(3);
    expect(templateVariableCount('{{ 1 }} {1} {{x}}')).toBe(0);
  });

  it('needs a variable or a non-blank text for each {{n}}', () => {
    expect(firstUnmapped(0, [])).toBeUndefined();
    expect(firstUnmapped(2, [{ variable: 'clientName' }, { text: 'Salon' }])).toBeUndefined();
    expect(firstUnmapped(2, [{ variable: 'clientName' }])).toBe(2);
    expect(firstUnmapped(2, [{ variable: 'clientName' }, { text: '   ' }])).toBe(2);
    expect(firstUnmapped(1, [{ variable: 'noSuch' as never }])).toBe(1);
    expect(firstUnmapped(1, [null])).toBe(1);
    expect(firstUnmapped(1, [{ text: 'x'.repeat(1025) }])).toBe(1);
  });

  it('renders each value from the message’s variables or the fixed text; a missing value is a dash, never empty', () => {
    const mapping = [{ variable: 'clientName' as const }, { variable: 'recordDate' as const }, { text: 'Salon Iris' }];
    expect(templateValues(3, mapping, { clientName: 'Anna', recordDate: '25.11' })).toEqual(['Anna', '25.11', 'Salon Iris']);
    expect(templateValues(3, mapping, { clientName: ' ' })).toEqual([WABA_EMPTY_VALUE, WABA_EMPTY_VALUE, 'Salon Iris']);
    // Extra entries beyond the body's count are not sent.
    expect(templateValues(1, mapping, { clientName: 'Anna' })).toEqual(['Anna']);
  });

  it('the log’s text is the body as the client reads it, named by the template', () => {
    const body = renderTemplate('Hi {{1}}, see you {{2}}. {{1}}!', ['Anna', 'tomorrow']);
    expect(body).toBe('Hi Anna, see you tomorrow. Anna!');
    expect(templateLogText('visit_reminder', body)).toBe('[template:visit_reminder] Hi Anna, see you tomorrow. Anna!');
    expect(isTemplateLogText(templateLogText('x', body))).toBe(true);
    expect(isTemplateLogText(body)).toBe(false);
  });
});

describe('the editor’s save', () => {
  it('sends the template and its mapping only with a connection chosen; otherwise the server clears them', async () => {
    const { patchOf } = await import('../../../src/features/flows/store-editor.ts');
    const flow = { title: 'T', content: 'Hi', connectionId: 7, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: [{ text: 'Iris' }] } as never;
    expect(patchOf(flow)).toMatchObject({ connectionId: 7, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: [{ text: 'Iris' }] });
    // The account was deleted (connectionId null): saving sends the choice made, and the template goes with it.
    const orphan = patchOf({ ...(flow as object), connectionId: null } as never);
    expect(orphan).toMatchObject({ connectionId: null });
    expect('wabaTemplate' in orphan).toBe(false);
    expect('wabaTemplate' in patchOf({ ...(flow as object), wabaTemplate: null } as never)).toBe(false);
  });
});

// The flow editor's WhatsApp Business template picker rendered to markup (docs/flows.md "WhatsApp Business
// template"): only approved standard templates offered, the chosen one's body, a labelled select per {{n}} with the
// flow's variables and "fixed text" (then a labelled text input), and the server's field error under it.
import { describe, expect, it, vi } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup as renderVNode } from 'preact-render-to-string';
import { createT } from '../../../src/i18n/translate.ts';
import { messagesFor } from '../../../src/i18n/messages.ts';
import WabaTemplate from '../../../src/features/flows/islands/editor/WabaTemplate.tsx';
import { $wabaTemplates, type WabaTemplate as Template } from '../../../src/features/flows/store-waba.ts';

// @nanostores/react's hook imports React itself (a dependency is not aliased to preact/compat): read the store.
vi.mock('@nanostores/react', () => ({ useStore: (store: { get(): unknown }) => store.get() }));

const render = (node: unknown) => renderVNode(node as never);
const t = createT('en', (messagesFor('en', 'flows') as { editor: Record<string, unknown> }).editor as never);
const template = (over: Partial<Template>): Template => ({ name: 'visit_reminder', category: 'UTILITY', language: 'ru', type: 'standard', status: 'approved', rejectedReason: null, body: 'Hi {{1}}, see you {{2}}', syncedUnixTime: 0, ...over });

$wabaTemplates.setKey('5', {
  failed: false,
  templates: [template({}), template({ name: 'promo', status: 'pending' }), template({ name: 'with_image', type: 'media' })],
});

const picker = (flow: object, errors = {}) => render(h(WabaTemplate, { t, flow: flow as never, errors, change: () => undefined, connectionId: 5 }));

describe('the WABA template picker', () => {
  it('offers only approved standard templates, and says the 24-hour rule', () => {
    const html = picker({ connectionId: 5, wabaTemplate: null, wabaVariables: [] });
    expect(html).toContain('<option value="visit_reminder|ru">visit_reminder (ru)</option>');
    expect(html).not.toContain('promo');
    expect(html).not.toContain('with_image');
    expect(html).toContain(t('waba.window'));
    expect(html).not.toContain(t('waba.values'));
  });

  it('shows the chosen template’s body and a labelled value per {{n}}, a text input for a fixed one', () => {
    const html = picker({ connectionId: 5, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: [{ variable: 'clientName' }, { text: 'tomorrow' }] });
    expect(html).toContain('Hi {{1}}, see you {{2}}');
    expect(html).toContain(t('waba.variable', { n: 1 }));
    expect(html).toContain(t('waba.variable', { n: 2 }));
    expect(html).toContain('<option selected value="clientName">Client name</option>');
    expect(html).toContain('<option selected value="text">' + t('waba.fixed') + '</option>');
    expect(html).toContain(t('waba.fixedText', { n: 2 }));
    expect(html).toContain('value="tomorrow"');
    expect(html).not.toContain(t('waba.fixedText', { n: 1 }));
  });

  it('shows the server’s field errors in the page’s language', () => {
    const html = picker(
      { connectionId: 5, wabaTemplate: { name: 'visit_reminder', language: 'ru' }, wabaVariables: [] },
      { wabaVariables: { field: 'wabaVariables', code: 'wabaVariablesMissing', message: 'x' } },
    );
    expect(html).toContain(t('serverRule.wabaVariablesMissing'));
  });
});

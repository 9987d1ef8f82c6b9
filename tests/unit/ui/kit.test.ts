// The UI kit's list parts rendered to markup: the table's structure, the one place its notices come from, the
// pager's texts from the `ui` namespace, and the select's "option not found" state.
import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup as renderVNode } from 'preact-render-to-string';
import { createT } from '../../../src/i18n/translate.ts';
import { messagesFor } from '../../../src/i18n/messages.ts';
import { Table, type Column } from '../../../src/ui/table.tsx';
import { listTexts } from '../../../src/ui/list-states.tsx';
import { Pager } from '../../../src/ui/pager.tsx';
import { Select } from '../../../src/ui/select.tsx';

// The islands' elements are preact/compat vnodes at run time (vitest aliases react); the React types say otherwise.
const renderToStaticMarkup = (node: unknown) => renderVNode(node as never);
/** An element with role="status" (attributes in any order) and exactly this text inside. */
const statusWith = (tag: string, inner: string) => new RegExp(`<${tag}[^>]*role="status"[^>]*>${inner.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</${tag}>`);

type Row = { id: number; name: string };
const t = createT('en', { ui: messagesFor('en', 'ui') });
const columns: Column<Row>[] = [
  { header: 'Name', cell: (r) => r.name, sorted: 'ascending' },
  { header: 'Actions', hideHeader: true, cell: (r) => h('button', { type: 'button' }, `Edit ${r.name}`), className: 'whitespace-nowrap' },
];
const table = (list: { items: Row[]; loading?: boolean; failed?: boolean }, extra: object = {}) =>
  renderToStaticMarkup(h(Table<Row>, { caption: 'People', columns, list, rowKey: (r) => r.id, rowData: (r) => ({ 'data-id': r.id }), notices: { texts: listTexts(t), found: `Found: ${list.items.length}` }, ...extra }));

describe('Table', () => {
  it('renders a captioned table with column headers, in a wrapper that scrolls sideways', () => {
    const html = table({ items: [{ id: 7, name: 'Anna' }] });
    expect(html).toContain('<div class="relative overflow-x-auto max-w-full"><table');
    expect(html).toContain('<caption class="sr-only">People</caption>');
    expect(html).toMatch(/<th scope="col"[^>]*aria-sort="ascending"[^>]*>Name<\/th>/);
    expect(html).toMatch(/<th scope="col"[^>]*><span class="sr-only">Actions<\/span><\/th>/);
    expect(html).toContain('<tr data-id="7">');
    expect(html).toMatch(/<td class="[^"]*whitespace-nowrap"><button type="button">Edit Anna<\/button><\/td>/);
    expect(html).toContain('Found: 1');
    expect(html).not.toContain('role="status"');
  });

  it('shows one notice at a time instead of an empty table', () => {
    expect(table({ items: [], loading: true })).toMatch(statusWith('p', 'Loading…'));
    // The first page keeps a few rows' room while it loads: what follows moves little when the rows come.
    expect(table({ items: [], loading: true })).toMatch(/<div class="min-h-32"><p[^>]*role="status"/);
    expect(table({ items: [], failed: true })).toContain(t('ui.failed'));
    const empty = table({ items: [] }, { notices: { texts: listTexts(t, { empty: 'No people yet.' }), emptyAction: h('a', { href: '/people/new' }, 'Add the first') } });
    // The empty state with a first step: an icon (hidden from readers), one sentence, the action.
    expect(empty).toMatch(/<div[^>]*role="status"[^>]*><span aria-hidden="true"[^>]*><span class="i-lucide-inbox text-2xl"><\/span><\/span><p[^>]*>No people yet\.<\/p><a href="\/people\/new">Add the first<\/a><\/div>/);
    expect(empty).not.toContain('<table');
    const icon = table({ items: [] }, { notices: { texts: listTexts(t), emptyAction: 'x', emptyIcon: 'i-lucide-users' } });
    expect(icon).toContain('i-lucide-users');
    // A search that found nothing has no first step: one line.
    expect(table({ items: [] }, { notices: { texts: listTexts(t, { empty: 'None found.' }) } })).toMatch(statusWith('p', 'None found.'));
    // Rows stay while the next page loads: no loading notice, the table says it is busy.
    expect(table({ items: [{ id: 1, name: 'Ben' }], loading: true })).toContain('aria-busy="true"');
    expect(table({ items: [{ id: 1, name: 'Ben' }], loading: true })).not.toContain('Loading…');
  });

  it('offers a retry after a failure', () => {
    const html = table({ items: [], failed: true }, { notices: { texts: listTexts(t), retry: { label: t('ui.retry'), run: () => {} } } });
    expect(html).toMatch(/Something went wrong\. Please try again\. <button type="button"[^>]*>Try again<\/button>/);
  });
});

describe('Pager and Select', () => {
  it('pages with the ui texts and says nothing for one page', () => {
    expect(renderToStaticMarkup(h(Pager, { t, page: 1, pages: 1, onPage: () => {} }))).toBe('');
    const html = renderToStaticMarkup(h(Pager, { t, page: 2, pages: 3, onPage: () => {} }));
    expect(html).toContain('aria-label="Pages"');
    expect(html).toContain('Page 2 of 3');
  });
  it('says so when there is no option to choose, and not while options load', () => {
    expect(renderToStaticMarkup(h(Select, { options: [], empty: 'You have no flows yet.' }))).toMatch(statusWith('span', 'You have no flows yet.'));
    // While options load: the control with its placeholder, no notice (an empty value may render as a bare attribute).
    expect(renderToStaticMarkup(h(Select, { options: [], placeholder: 'Choose' }))).toMatch(/^<select class="[^"]*"><option value(="")?>Choose<\/option><\/select>$/);
    expect(renderToStaticMarkup(h(Select, { options: [{ value: 1, label: 'One' }], empty: 'none', value: 1, onChange: () => {} }))).toMatch(/<option (selected(="")? value="1"|value="1" selected(="")?)>One<\/option>/);
  });
});

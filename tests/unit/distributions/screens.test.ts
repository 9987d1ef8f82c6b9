// The distributions list and Results rendered to markup from their stores (the calls themselves are the e2e spec's):
// columns, counts, the progress bar's value, §6 notices, recipient statuses and reasons in the page's language.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createElement as h } from 'react';
import { renderToStaticMarkup as renderVNode } from 'preact-render-to-string';
import { createT } from '../../../src/i18n/translate.ts';
import { messagesFor, withUi } from '../../../src/i18n/messages.ts';
import { $session } from '../../../src/stores/session.ts';
import DistributionsList from '../../../src/features/distributions/islands/DistributionsList.tsx';
import Results from '../../../src/features/distributions/islands/Results.tsx';
import { recipientReason } from '../../../src/features/distributions/islands/results-recipients.tsx';
import { $current, $distributions, $distributionTariff, $recipients, isRunning, type Distribution, type Recipient } from '../../../src/features/distributions/store.ts';
import type { Locale } from '../../../src/i18n/locales.ts';

// @nanostores/react reaches the real react from node_modules (not vitest's preact alias): a one-shot render only
// needs the store's value.
vi.mock('@nanostores/react', () => ({ useStore: (store: { get(): unknown }) => store.get() }));

const render = (node: unknown) => renderVNode(node as never);
const props = (locale: Locale) => ({ locale, messages: withUi(locale, messagesFor(locale, 'distributions')), base: '/en', paymentsHref: '/en/payments' });
const tOf = (locale: Locale) => createT(locale, props(locale).messages);

const distribution = (over: Partial<Distribution> = {}): Distribution => ({
  id: 41,
  title: 'Spring offer',
  content: 'Hello {{clientName}}',
  type: 'message',
  mode: 'combat',
  status: 'Working',
  statusReason: null,
  created: 1_800_000_000,
  edited: 1_800_000_100,
  lastStart: 1_800_000_200,
  source: 'table',
  filters: { visitCount: { from: -1, to: -1 }, spend: { from: -1, to: -1 }, lastVisitDays: { from: -1, to: -1 }, masters: [], services: [] },
  segmentId: null,
  useSubscribed: false,
  ignoreNoDialogue: false,
  daysOfWeek: [1, 2, 3, 4, 5],
  startDate: null,
  dailyCap: 300,
  sendingHours: { from: 9, to: 20 },
  connectionId: null,
  table: { fileName: null, rows: 4, accepted: 4, rejected: 0 },
  counts: { recipients: 4, pending: 1, sent: 2, delivered: 2, read: 1, replied: 1, failed: 0, skipped: 1, progress: 0.75 },
  testRun: null,
  finishEstimate: 1_800_086_400,
  ...over,
});

const recipient = (over: Partial<Recipient>): Recipient => ({
  id: 1,
  phone: '79161234567',
  name: 'Anna',
  row: 1,
  status: 'sent',
  reason: null,
  unsubscribed: false,
  sentAt: 1_800_000_300,
  deliveredAt: null,
  readAt: null,
  repliedAt: null,
  ...over,
});

const listState = (items: Distribution[]) => $distributions.set({ ...$distributions.get(), items, total: items.length, pages: 1, page: 1, loading: false, failed: false });

beforeEach(() => {
  $session.set({ ...$session.get(), user: null });
  $distributionTariff.set('available');
  listState([]);
});

describe('the distributions list', () => {
  it('shows each distribution with its counts, a named progress bar and links to the editor', () => {
    const t = tOf('en');
    listState([distribution()]);
    const html = render(h(DistributionsList, props('en')));
    expect(html).toContain('href="/en/distributions/edit/41"');
    expect(html).toMatch(/role="progressbar"[^>]*aria-label="Progress of “Spring offer”"[^>]*aria-valuenow="75"/);
    expect(html).toContain(t('status.Working'));
    expect(html).toContain(t('mode.combat'));
    expect(html).toContain(t('type.message'));
    expect(html).toContain(t('found', { count: 1 }));
    expect(html).toContain(t('add'));
    // Running: the screen says it refreshes itself.
    expect(html).toContain(t('live'));
  });

  it('leads an empty list to the first distribution', () => {
    const html = render(h(DistributionsList, props('ru')));
    expect(html).toContain(tOf('ru')('empty'));
    expect(html).toContain(tOf('ru')('createFirst'));
  });

  it('tells a test user the §6 rule instead of offering to add', () => {
    const t = tOf('pt-BR');
    $session.set({ ...$session.get(), user: { isTestUser: true } as never });
    const html = render(h(DistributionsList, props('pt-BR')));
    expect(html).toContain(t('testUser'));
    expect(html).not.toContain(t('createFirst'));
  });

  it('says what to buy when the tariff lacks distributions or the messages ran out', () => {
    const t = tOf('uk');
    listState([distribution({ status: 'Unavailable' }), distribution({ id: 42, status: 'Waiting', statusReason: 'noMessagesLeft' })]);
    const html = render(h(DistributionsList, props('uk')));
    expect(html).toContain(t('notAvailable'));
    expect(html).toContain(t('noMessages'));
    expect(html).toContain('href="/en/payments"');
  });
});

describe('Results', () => {
  it('shows the counts, progress, the finish estimate and the recipients with their statuses and reasons', () => {
    const t = tOf('en');
    $current.set(distribution());
    $recipients.set({
      ...$recipients.get(),
      loading: false,
      total: 3,
      pages: 1,
      items: [
        recipient({ id: 1 }),
        recipient({ id: 2, phone: '79160000002', status: 'skipped', reason: 'blacklisted', sentAt: null }),
        recipient({ id: 3, phone: '79160000003', status: 'replied', unsubscribed: true, repliedAt: 1_800_000_400 }),
      ],
    });
    const html = render(h(Results, { ...props('en'), distributionId: 41 }));
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="75"/);
    expect(html).toContain(t('results.finish', { date: '' }).trim());
    expect(html).toContain(t('results.pause'));
    expect(html).toContain(t('results.cancel'));
    expect(html).not.toContain(`>${t('results.resume')}<`);
    expect(html).toContain('+79160000002');
    expect(html).toContain(t('recipientStatus.skipped'));
    expect(html).toContain(t('reason.blacklisted'));
    expect(html).toContain(t('results.unsubscribed'));
    expect(html).toContain(t('results.export'));
  });

  it('shows the last test run and offers resume when paused', () => {
    const t = tOf('ru');
    $current.set(distribution({ mode: 'test', status: 'Pause', lastStart: null, testRun: { number: 2, startedAt: 1_800_000_500, messages: 2, sent: 2, failed: 0, done: true } }));
    const html = render(h(Results, { ...props('ru'), distributionId: 41 }));
    expect(html).toContain(t('results.testDone'));
    expect(html).toContain(t('results.resume'));
    expect(html).toContain('data-test-run="done"');
  });
});

describe('recipient reasons', () => {
  it('word the recipient’s own reasons and the engine’s like the message log', () => {
    const t = tOf('ru');
    expect(recipientReason(t, 'cancelled')).toBe(t('skip.cancelled'));
    expect(recipientReason(t, 'no dialogue')).toBe(t('skip.noDialogue'));
    expect(recipientReason(t, 'unsubscribed')).toBe(t('reason.unsubscribed'));
    expect(recipientReason(t, 'flow stopped: paused')).toBe(t('reason.flowStopped'));
    expect(recipientReason(t, 'some provider text')).toBe(t('reason.provider'));
    expect(recipientReason(t, null)).toBe('');
  });

  it('running means the engine still works on it', () => {
    expect(['InQueue', 'Waiting', 'Working'].every((s) => isRunning(s as never))).toBe(true);
    expect(['Pause', 'Done', 'Canceled', 'Error', 'Unavailable'].some((s) => isRunning(s as never))).toBe(false);
  });
});

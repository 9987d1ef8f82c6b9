// The distribution editor's pure parts: its address, which step holds a field, what Save sends, the own checks and
// the start date kept as the midnight of the business time zone.
import { describe, expect, it } from 'vitest';
import { changedPatch, parseLocation, stepOf, stepPath, validateOwn, type Distribution } from '../../../src/features/distributions/store-editor.ts';
import { zonedDateInput, zonedMidnight } from '../../../src/features/distributions/islands/editor/format.ts';

const any = { from: -1, to: -1 };
const dist = (patch: Partial<Distribution> = {}): Distribution => ({
  id: 7, title: 'D', content: 'Hi', type: 'message', mode: 'test', status: 'Pause', statusReason: null, created: 0, edited: 0, lastStart: null,
  source: 'table', filters: { visitCount: any, spend: any, lastVisitDays: any, masters: [], services: [] }, segmentId: null, useSubscribed: false,
  ignoreNoDialogue: false, daysOfWeek: [1, 2, 3, 4, 5, 6, 7], startDate: null, dailyCap: 300, sendingHours: { from: 9, to: 21 }, connectionId: null,
  table: null, counts: { recipients: 0, pending: 0, sent: 0, delivered: 0, read: 0, replied: 0, failed: 0, skipped: 0, progress: 0 }, testRun: null,
  ...patch,
});

describe('distribution editor address', () => {
  it('reads the id and the step, and corrects an unknown or missing step to the first', () => {
    expect(parseLocation('/en/distributions/edit/12/schedule')).toEqual({ base: '/en', id: 12, step: 'schedule', corrected: false });
    expect(parseLocation('/distributions/edit/12/nonsense')).toMatchObject({ base: '', id: 12, step: 'message', corrected: true });
    expect(parseLocation('/distributions/edit/12')).toMatchObject({ step: 'message', corrected: true });
    expect(parseLocation('/distributions/edit/abc/message').id).toBeUndefined();
    expect(parseLocation('/distributions/edit/0/message').id).toBeUndefined();
    expect(stepPath(parseLocation('/en/distributions/edit/12/start'), 'recipients')).toBe('/en/distributions/edit/12/recipients');
  });

  it('links each field, the flow’s and the distribution’s, to its step', () => {
    expect(stepOf('title')).toBe('message');
    expect(stepOf('buttons.0.text')).toBe('message');
    expect(stepOf('wabaVariables')).toBe('sending');
    expect(stepOf('testPhones')).toBe('sending');
    expect(stepOf('filters.spend')).toBe('recipients');
    expect(stepOf('ignoreNoDialogue')).toBe('recipients');
    expect(stepOf('sendingHours')).toBe('schedule');
    expect(stepOf('dailyCap')).toBe('schedule');
  });
});

describe('distribution editor save', () => {
  it('sends only the fields that changed (audience edits are refused while it runs)', () => {
    const saved = dist();
    expect(changedPatch(saved, dist({ status: 'Working', counts: { ...saved.counts, sent: 5 } }))).toEqual({});
    expect(changedPatch(saved, dist({ dailyCap: 50, daysOfWeek: [1, 2] }))).toEqual({ dailyCap: 50, daysOfWeek: [1, 2] });
    expect(changedPatch(saved, dist({ startDate: 1_800_000_000 }))).toEqual({ startDate: 1_800_000_000 });
  });

  it('checks the days, the cap and (for the client base) the ranges', () => {
    expect(validateOwn(dist())).toEqual([]);
    expect(validateOwn(dist({ daysOfWeek: [], dailyCap: Number.NaN })).map((e) => [e.field, e.code])).toEqual([
      ['daysOfWeek', 'daysRequired'],
      ['dailyCap', 'dailyCapInvalid'],
    ]);
    const bad = { ...dist().filters, spend: { from: 10, to: 5 } };
    expect(validateOwn(dist({ filters: bad }))).toEqual([]); // a table ignores the filters
    expect(validateOwn(dist({ source: 'clients', filters: bad })).map((e) => e.field)).toEqual(['filters.spend']);
  });
});

describe('start date in the business time zone', () => {
  it('is the midnight that starts the chosen day there, and reads back as the same day', () => {
    const moscow = zonedMidnight('2026-12-01', 'Europe/Moscow')!;
    expect(new Date(moscow * 1000).toISOString()).toBe('2026-11-30T21:00:00.000Z');
    expect(zonedDateInput(moscow, 'Europe/Moscow')).toBe('2026-12-01');
    const ny = zonedMidnight('2026-07-04', 'America/New_York')!;
    expect(new Date(ny * 1000).toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(zonedDateInput(ny, 'America/New_York')).toBe('2026-07-04');
    expect(zonedMidnight('', 'Europe/Moscow')).toBeNull();
    expect(zonedDateInput(null, 'Europe/Moscow')).toBe('');
  });
});

describe('texts of the reused flow editor parts', () => {
  it('say "distribution" where the flow editor says "flow", and explain the distribution’s own field codes', async () => {
    const { partsT } = await import('../../../src/features/distributions/islands/editor/texts.ts');
    const { readFileSync } = await import('node:fs');
    const read = (path: string) => JSON.parse(readFileSync(new URL(`../../../src/features/${path}`, import.meta.url), 'utf8'));
    const tp = partsT('en', read('flows/messages/en.json').editor, read('distributions/messages/en.json').editor);
    expect(tp('title')).toBe('Distribution name');
    expect(tp('rule.titleRequired')).toBe('Enter the distribution name');
    expect(tp('rule.contentRequired')).toBe('Enter the message text'); // untouched flow texts stay
    expect(tp('waba.template')).toBe('Template'); // a nested group keeps the keys it does not reword
    expect(tp('rule.dailyCapTooHigh', { max: 300 })).toBe('At most 300 messages a day');
  });
});

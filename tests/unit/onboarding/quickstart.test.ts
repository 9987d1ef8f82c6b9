import { describe, expect, it } from 'vitest';
import { FLOW_KINDS } from '../../../src/shared/flows/kinds.ts';
import { checkNextStart, GOAL_KINDS, kindsForGoals, localDay, nextStartFor, QUICKSTART_GOALS, START_HOUR, startOfDay } from '../../../src/shared/flows/quickstart.ts';

describe('quick start goals', () => {
  it('maps every goal to known flow kinds', () => {
    for (const goal of QUICKSTART_GOALS) {
      expect(GOAL_KINDS[goal].length).toBeGreaterThan(0);
      for (const kind of GOAL_KINDS[goal]) expect(FLOW_KINDS).toContain(kind);
    }
  });

  it('creates each kind once, in goal order, whatever order the goals were picked in', () => {
    expect(kindsForGoals(['mapRatings', 'noShows', 'feedback'])).toEqual(['recordReminder', 'newRecord', 'reviewRequest']);
    expect(kindsForGoals([])).toEqual([]);
    expect(kindsForGoals(QUICKSTART_GOALS)).toEqual(['recordReminder', 'newRecord', 'repeatVisit', 'reviewRequest', 'dailyReport', 'weeklyReport']);
  });
});

describe('quick start dates', () => {
  const now = new Date(2026, 11, 31, 22, 30); // local time, New Year's Eve

  it('counts local days across month and year ends', () => {
    expect(localDay(now, 0)).toBe('2026-12-31');
    expect(localDay(now, 1)).toBe('2027-01-01');
    expect(localDay(now, 2)).toBe('2027-01-02');
  });

  it('starts at the default sending hour of the chosen day and rejects malformed days', () => {
    expect(startOfDay('2027-01-01')).toBe(new Date(2027, 0, 1, START_HOUR).getTime() / 1000);
    expect(startOfDay('2027-02-30')).toBeNull();
    expect(startOfDay('tomorrow')).toBeNull();
    expect(startOfDay('')).toBeNull();
  });

  it('gives each option its next start', () => {
    expect(nextStartFor('tomorrow', now, '')).toBe(startOfDay('2027-01-01'));
    expect(nextStartFor('dayAfterTomorrow', now, '')).toBe(startOfDay('2027-01-02'));
    expect(nextStartFor('planned', now, '2027-03-08')).toBe(startOfDay('2027-03-08'));
    expect(nextStartFor('planned', now, '')).toBeUndefined();
    expect(nextStartFor('now', now, '2027-03-08')).toBeUndefined();
    expect(nextStartFor('manager', now, '')).toBeUndefined();
  });

  it('accepts only a start in the future (null clears it)', () => {
    const t = 1_800_000_000;
    expect(checkNextStart(t + 1, t)).toBeUndefined();
    expect(checkNextStart(t, t)).toBe('nextStartPast');
    expect(checkNextStart(t - 1, t)).toBe('nextStartPast');
    expect(checkNextStart(undefined, t)).toBe('nextStartRequired');
    expect(checkNextStart(null, t)).toBeUndefined();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, showToast, TOAST_LIFETIME_MS } from '../../src/stores/toasts.ts';

const titles = () => $toasts.get().map((t) => t.description);

describe('toast queue (§4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('shows at most 5; the sixth drops the oldest', () => {
    for (let i = 1; i <= 6; i++) showToast({ type: 'success', title: 'Success', description: `n${i}` });
    expect(titles()).toEqual(['n2', 'n3', 'n4', 'n5', 'n6']);
  });

  it('each disappears after 5 seconds', () => {
    showToast({ type: 'error', title: 'Error', description: 'first' });
    vi.advanceTimersByTime(2000);
    showToast({ type: 'error', title: 'Error', description: 'second' });
    vi.advanceTimersByTime(TOAST_LIFETIME_MS - 2000 - 1);
    expect(titles()).toEqual(['first', 'second']);
    vi.advanceTimersByTime(1);
    expect(titles()).toEqual(['second']);
    vi.advanceTimersByTime(2000);
    expect(titles()).toEqual([]);
  });

  it('warnings and copy notices are limited to one at a time, beside other toasts', () => {
    showToast({ type: 'success', title: 'Success', description: 'saved' });
    showToast({ type: 'warning', title: 'Warning', description: 'w1' });
    showToast({ type: 'warning', title: 'Warning', description: 'w2' });
    expect(titles()).toEqual(['saved', 'w2']);
    showToast({ type: 'success', title: 'Success', description: 'copied', kind: 'copy' });
    expect(titles()).toEqual(['saved', 'copied']);
  });

  it('a dismissed toast stops its timer', () => {
    const id = showToast({ type: 'success', title: 'Success', description: 'x' });
    dismissToast(id);
    vi.advanceTimersByTime(TOAST_LIFETIME_MS);
    expect(titles()).toEqual([]);
  });
});

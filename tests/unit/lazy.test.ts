import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, CHUNK_TIMEOUT_MS, loadChunk } from '../../src/shared/lazy.ts';

describe('lazy chunks (§7)', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves with the module', async () => {
    await expect(loadChunk(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('a chunk that cannot be fetched is a chunk-load error of type missing', async () => {
    const error = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: ChunkLoadError) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).type).toBe('missing');
  });

  it('a chunk that takes longer than 120 s is a chunk-load error of type timeout', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined)).catch((e: ChunkLoadError) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    vi.advanceTimersByTime(1);
    const error = (await pending) as ChunkLoadError;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.type).toBe('timeout');
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});

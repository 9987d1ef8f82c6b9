/**
 * Lazy code chunks (§7): a chunk that does not arrive within 120 s fails with a chunk-load error of type
 * 'timeout'; one that cannot be fetched fails with type 'missing'. Callers show their own failure state; no text
 * is shown for the error itself (§8).
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  readonly type: 'missing' | 'timeout';
  constructor(type: 'missing' | 'timeout', cause?: unknown) {
    super(`Loading chunk failed (${type})`, { cause });
    this.type = type;
  }
}

export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('missing', error));
      },
    );
  });
}

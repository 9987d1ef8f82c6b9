// The QR drawing both the owner's screen and the public QR page use: every dark module of uqr's matrix is covered
// exactly once by the path's row runs, with the quiet zone around.
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrPath } from '../../../src/features/connections/qr-path.ts';

const WAHA_QR = `2@${'A1b2C3d4'.repeat(12)},${'xYz0'.repeat(11)}=,${'Qw9'.repeat(15)}=,${'Lm8'.repeat(10)}=`;

describe('qrPath', () => {
  it('draws each dark module once, as runs within rows', () => {
    const { size, d } = qrPath(WAHA_QR);
    const { data } = encode(WAHA_QR, { ecc: 'M', border: 2 });
    expect(size).toBe(data.length);
    const drawn = data.map((row) => row.map(() => false));
    for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let i = 0; i < Number(w); i++) {
        expect(drawn[Number(y)]![Number(x) + i], `${x + i},${y}`).toBe(false);
        drawn[Number(y)]![Number(x) + i] = true;
      }
    }
    expect(drawn).toEqual(data);
    expect(d.replace(/M\d+ \d+h(\d+)v1h-\1z/g, '')).toBe(''); // nothing but runs
  });

  it('keeps a quiet zone of two modules', () => {
    const { size, d } = qrPath('hello');
    const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)/g)].map(([, x, y, w]) => ({ x: Number(x), y: Number(y), w: Number(w) }));
    expect(Math.min(...runs.map((r) => r.x))).toBe(2);
    expect(Math.min(...runs.map((r) => r.y))).toBe(2);
    expect(Math.max(...runs.map((r) => r.x + r.w))).toBe(size - 2);
  });
});

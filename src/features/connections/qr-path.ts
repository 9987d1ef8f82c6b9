// The QR's text (what the gateway gives) as one SVG path: one rectangle per run of dark modules in a row. Shared by the owner's
// screen and the public QrCodeWidgetView page; uqr is a few KB gzip (docs/connections.md "Screens").
import { encode } from 'uqr';

export interface QrPath {
  /** Modules per side, the quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  d: string;
}

/** Medium error correction: the phone reads the code off a screen, often at an angle. */
export function qrPath(text: string): QrPath {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      d += `M${start} ${y}h${x - start + 1}v1h-${x - start + 1}z`;
    }
  });
  return { size: data.length, d };
}

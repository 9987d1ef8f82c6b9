import { useMemo } from 'react';
import { qrPath } from '../qr-path.ts';

/** The QR drawn from its text as an SVG image, named for screen readers; crisp at any size. */
export function QrImage({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges" className="w-64 h-64 max-w-full bg-white" data-qr>
      <path d={d} fill="#000" />
    </svg>
  );
}

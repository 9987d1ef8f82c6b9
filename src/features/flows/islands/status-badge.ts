import type { FlowStatus } from '../store.ts';

// Badge colours of the flow statuses keep AA contrast on their backgrounds.
const BADGE: Record<FlowStatus, string> = {
  Working: 'bg-green-100 text-green-900',
  Waiting: 'bg-blue-100 text-blue-900',
  InQueue: 'bg-blue-100 text-blue-900',
  Done: 'bg-gray-100 text-gray-900',
  Pause: 'bg-yellow-100 text-yellow-900',
  Error: 'bg-red-100 text-red-900',
  Canceled: 'bg-gray-100 text-gray-900',
  Unavailable: 'bg-gray-200 text-gray-900',
};
export const badgeClass = (status: FlowStatus) => `inline-block rounded px-2 py-0.5 text-xs font-medium ${BADGE[status]}`;

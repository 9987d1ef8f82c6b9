/** §1 flow kinds (the `type` of a flow/task). */
export const FLOW_KINDS = [
  'recordReminder',
  'newRecord',
  'changedRecord',
  'cancelledRecord',
  'reviewRequest',
  'birthday',
  'repeatVisit',
  'dailyReport',
  'weeklyReport',
  'crossSell',
  'abandonedCart',
  // A WhatsApp mass distribution's message (issue 20): the distribution owns one flow of this kind (docs/distributions.md).
  'distribution',
] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/** §3/§4 statuses. `InQueue` is the spec's "In queue (none)". `Unavailable` is derived from the tariff, never stored. */
export const FLOW_STATUSES = ['Done', 'InQueue', 'Waiting', 'Working', 'Pause', 'Error', 'Canceled', 'Unavailable'] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];
export type StoredFlowStatus = Exclude<FlowStatus, 'Unavailable'>;

export const FLOW_MODES = ['test', 'combat'] as const;
export type FlowMode = (typeof FLOW_MODES)[number];

export const BUTTON_TYPES = ['simpleAnswer', 'url', 'call'] as const;
export type ButtonType = (typeof BUTTON_TYPES)[number];

/** Kinds that message the owner (reports), never a client: they go to the owner's number even in test mode and have no conversion. */
export const OWNER_KINDS: readonly FlowKind[] = ['dailyReport', 'weeklyReport'];

/** Kinds triggered by booking webhooks: their running state is Working (§4), the scheduled ones wait (Waiting). */
export const WEBHOOK_KINDS: readonly FlowKind[] = ['newRecord', 'changedRecord', 'cancelledRecord'];

/** The state a flow takes when started or resumed. */
export const runningStatus = (kind: FlowKind): StoredFlowStatus => (WEBHOOK_KINDS.includes(kind) ? 'Working' : 'Waiting');

/** Running states (§4): these can be paused; the stopped ones (Pause, Error, Canceled) can be resumed. */
export const RUNNING_STATUSES: readonly FlowStatus[] = ['InQueue', 'Waiting', 'Working', 'Done'];
export const canPause = (status: FlowStatus): boolean => RUNNING_STATUSES.includes(status);
export const canResume = (status: FlowStatus): boolean => status === 'Pause' || status === 'Error' || status === 'Canceled';

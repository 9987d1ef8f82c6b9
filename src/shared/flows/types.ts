import type { ButtonType, FlowKind, FlowMode } from './kinds.ts';

/** A numeric range filter; -1/-1 means "any" (§5). */
export interface Range {
  from: number;
  to: number;
}

export interface FlowButton {
  type: ButtonType;
  text: string;
  enabled: boolean;
  /** The URL of a url button or the number of a call button. */
  value?: string | null;
}

export interface FlowImage {
  fileName: string;
  url: string;
  sizeBytes: number;
}

/** §3 filters: lists of ids/names chosen from the connected system; empty list = no restriction. */
export interface FlowFilters {
  services: string[];
  masters: string[];
  categories: string[];
  statuses: string[];
  types: string[];
  clientCategory: string[];
  /** Hour-of-day window of the visit. */
  time: Range;
  visitCount: Range;
  spend: Range;
}

/** §3 change-consideration switches: which edits of a booking count as a "changed record". */
export interface ChangeConsideration {
  date: boolean;
  time: boolean;
  master: boolean;
  services: boolean;
}

/**
 * Which events an event flow reacts to: booking records (YCLIENTS, Altegio, the demo records) or restaurant/shop
 * orders (iiko, the demo orders). Absent = booking, so flows stored before orders existed keep their meaning; the
 * abandoned cart exists only for orders. The SQL twin is in server/delivery/plan.ts (runningFlows).
 */
export type FlowSource = 'booking' | 'orders';
export const FLOW_SOURCES: readonly FlowSource[] = ['booking', 'orders'];
export const flowSource = (settings: { source?: FlowSource }, kind: FlowKind): FlowSource =>
  settings.source ?? (kind === 'abandonedCart' ? 'orders' : 'booking');

/** Everything a user edits on a flow (the contract's FlowInput with defaults applied). */
export interface FlowFields {
  title: string;
  content: string;
  type: FlowKind;
  mode: FlowMode;
  endDate: number | null;
  sendingHours: Range;
  delayMinutes: number;
  firstSendOnly: boolean;
  buttons: FlowButton[];
  image: FlowImage | null;
  filters: FlowFilters;
  changeConsideration: ChangeConsideration;
  groupByVisit: boolean;
  testPhones: string;
  source?: FlowSource;
}

export const ANY: Range = { from: -1, to: -1 };

export const defaultFilters = (): FlowFilters => ({
  services: [],
  masters: [],
  categories: [],
  statuses: [],
  types: [],
  clientCategory: [],
  time: { ...ANY },
  visitCount: { ...ANY },
  spend: { ...ANY },
});

export const defaultFields = (type: FlowKind): Omit<FlowFields, 'title' | 'content'> => ({
  type,
  mode: 'test', // §4: new flows start in test mode until moved to combat
  endDate: null,
  sendingHours: { from: 9, to: 21 },
  delayMinutes: 0,
  firstSendOnly: false,
  buttons: [],
  image: null,
  filters: defaultFilters(),
  changeConsideration: { date: true, time: true, master: true, services: true },
  groupByVisit: false,
  testPhones: '',
});

/** The nested part of a flow kept as one JSON document in the database. */
export type FlowSettings = Pick<
  FlowFields,
  'sendingHours' | 'delayMinutes' | 'firstSendOnly' | 'buttons' | 'image' | 'filters' | 'changeConsideration' | 'groupByVisit' | 'source'
>;

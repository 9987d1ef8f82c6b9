/**
 * Client-base filters of a distribution or a saved audience (contract ClientFilters, docs/distributions.md
 * "Audience from the client base"): the stored shape with every part present, and the §5 range rule. Pure, for the
 * server's PATCH and segments and the editor.
 */
import { checkRange, type FlowFieldError } from '../flows/validate-core.ts';

export interface Range {
  from: number;
  to: number;
}

export interface FullClientFilters {
  visitCount: Range;
  spend: Range;
  /** Days since the last visit. */
  lastVisitDays: Range;
  /** Master ids or names: clients who visited any of them. */
  masters: string[];
  /** Service ids or names: clients who had any of them. */
  services: string[];
}

const ANY = (): Range => ({ from: -1, to: -1 });

/** The filters with every part present (absent = any), list entries trimmed, blanks and repeats dropped. */
export function fullClientFilters(f: Partial<FullClientFilters> | null | undefined): FullClientFilters {
  const list = (values: readonly string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
  return {
    visitCount: f?.visitCount ?? ANY(),
    spend: f?.spend ?? ANY(),
    lastVisitDays: f?.lastVisitDays ?? ANY(),
    masters: list(f?.masters),
    services: list(f?.services),
  };
}

/** §5 ranges: FROM < TO, or both -1. Errors name `<prefix>.<range>` (e.g. `filters.spend`). */
export function checkClientFilters(f: FullClientFilters, prefix = 'filters'): FlowFieldError[] {
  return (['visitCount', 'spend', 'lastVisitDays'] as const).map((k) => checkRange(f[k], `${prefix}.${k}`)).filter((e): e is FlowFieldError => e !== undefined);
}

/** True when no part of the filters restricts: every client is in. */
export const isAnyClient = (f: FullClientFilters): boolean =>
  (['visitCount', 'spend', 'lastVisitDays'] as const).every((k) => f[k].from === -1 && f[k].to === -1) && !f.masters.length && !f.services.length;

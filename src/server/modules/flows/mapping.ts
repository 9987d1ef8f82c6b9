import type { components } from '../../../api/schema.d.ts';
import { defaultFields, defaultFilters, flowSource, type FlowFields, type FlowKind } from '../../../shared/flows/index.ts';
import { keptImage, shownImage } from './image-kept.ts';
import type { flows } from './schema.ts';

export type FlowRow = typeof flows.$inferSelect;
export type FlowDto = components['schemas']['Flow'];
export type FlowPatch = components['schemas']['FlowPatch'];

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/** The editable fields of a stored flow, in the shape the shared rules check. */
export function fieldsOf(row: FlowRow): FlowFields {
  const s = row.settings;
  return {
    ...defaultFields(row.type),
    ...s,
    filters: { ...defaultFilters(), ...s.filters },
    title: row.title,
    content: row.content,
    type: row.type,
    mode: row.mode,
    endDate: seconds(row.endDate),
    testPhones: row.testPhones,
  };
}

/**
 * A patch over existing fields (or over the kind's defaults on create). Nested objects merge one level deep.
 * The image can only be kept or cleared here (new ones come by upload): a 400 naming `image` otherwise.
 */
export function applyPatch(base: FlowFields, patch: FlowPatch): FlowFields {
  const next: FlowFields = { ...base };
  for (const [key, value] of Object.entries(patch) as [keyof FlowPatch, unknown][]) {
    if (value === undefined) continue;
    if (key === 'filters' || key === 'changeConsideration') (next as any)[key] = { ...base[key], ...(value as object) };
    else if (key === 'image') next.image = keptImage(base.image, value as FlowFields['image']);
    else (next as any)[key] = value;
  }
  return next;
}

export const emptyFields = (type: FlowKind): FlowFields => ({ ...defaultFields(type), title: '', content: '' });

/** Columns written for a set of fields. */
export function columnsOf(f: FlowFields) {
  return {
    title: f.title.trim(),
    content: f.content,
    type: f.type,
    mode: f.mode,
    testPhones: f.testPhones.split(',').map((p) => p.trim()).filter(Boolean).join(', '),
    endDate: f.endDate === null ? null : new Date(f.endDate * 1000),
    settings: {
      sendingHours: f.sendingHours,
      delayMinutes: f.delayMinutes,
      firstSendOnly: f.firstSendOnly,
      buttons: f.buttons,
      image: f.image,
      filters: f.filters,
      changeConsideration: f.changeConsideration,
      groupByVisit: f.groupByVisit,
      ...(f.source ? { source: f.source } : {}),
    },
  };
}

/** The contract's Flow; `available` decides whether the stored status shows or Unavailable does (§4). */
export function toFlow(row: FlowRow, available: boolean): FlowDto {
  const f = fieldsOf(row);
  return {
    id: row.id,
    title: f.title,
    content: f.content,
    type: f.type,
    mode: f.mode,
    status: available ? row.status : 'Unavailable',
    // Only a stop the engine made has a reason (docs/delivery.md "Flow statuses").
    statusReason: available && (row.status === 'Error' || row.status === 'Canceled') ? (row.statusReason ?? null) : null,
    lastStart: seconds(row.lastStart),
    edited: seconds(row.editedAt)!,
    created: seconds(row.createdAt)!,
    nextStart: seconds(row.nextStart),
    endDate: f.endDate,
    sendingHours: f.sendingHours,
    delayMinutes: f.delayMinutes,
    firstSendOnly: f.firstSendOnly,
    buttons: f.buttons.map((b) => ({ ...b, value: b.value ?? null })),
    image: shownImage(f.image),
    filters: f.filters,
    changeConsideration: f.changeConsideration,
    groupByVisit: f.groupByVisit,
    testPhones: f.testPhones,
    source: flowSource(f, f.type),
    connectionId: row.connectionId,
    wabaTemplate: row.wabaTemplateName && row.wabaTemplateLanguage ? { name: row.wabaTemplateName, language: row.wabaTemplateLanguage } : null,
    wabaVariables: row.wabaVariables ?? [],
  };
}

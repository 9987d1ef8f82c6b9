import type { components } from '../../api/schema.d.ts';
import { api } from '../../api/browser.ts';
import type { FlowFieldError } from '../../shared/flows/validate-core.ts';

export * from './islands/editor/steps.ts';

export type Flow = components['schemas']['Flow'];
export type FlowPatch = components['schemas']['FlowPatch'];

/**
 * The fields the editor changes, sent as one PATCH (the image has its own calls). The WhatsApp Business template and
 * its mapping go only with a connection chosen: any other connection (or the default) clears them on the server.
 */
export function patchOf(flow: Flow): FlowPatch {
  const { title, content, mode, endDate, sendingHours, delayMinutes, firstSendOnly, buttons, filters, changeConsideration, groupByVisit, testPhones, connectionId, wabaTemplate, wabaVariables } = flow;
  const waba = wabaTemplate && connectionId != null ? { wabaTemplate, wabaVariables: wabaVariables ?? [] } : {};
  return { title, content, mode, endDate, sendingHours, delayMinutes, firstSendOnly, buttons, filters, changeConsideration, groupByVisit, testPhones, connectionId, ...waba };
}

/** Field errors keyed by path; the server's problem uses the same paths and codes as the shared rules. */
export type Errors = Record<string, FlowFieldError>;
export const byField = (errors: FlowFieldError[]): Errors => Object.fromEntries(errors.map((e) => [e.field, e]));

export type LoadResult = { flow: Flow } | { missing: true } | { failed: true };

export async function loadFlow(id: number): Promise<LoadResult> {
  try {
    const { data, response } = await api().GET('/Flows/{flowId}', { params: { path: { flowId: id } } });
    if (data) return { flow: data };
    return response.status === 404 ? { missing: true } : { failed: true };
  } catch (error) {
    console.error('flow editor: load failed', error);
    return { failed: true };
  }
}

export type SaveResult = { flow: Flow } | { errors: FlowFieldError[] } | { failed: true };

/** PATCH; a 400 problem comes back as field errors (the server names the field as the shared rules do). */
export async function saveFlow(id: number, patch: FlowPatch): Promise<SaveResult> {
  try {
    const { data, error } = await api().PATCH('/Flows/{flowId}', { params: { path: { flowId: id } }, body: patch });
    if (data) return { flow: data };
    const fields = (error as { errors?: FlowFieldError[] } | undefined)?.errors;
    return fields?.length ? { errors: fields } : { failed: true };
  } catch (error) {
    console.error('flow editor: save failed', error);
    return { failed: true };
  }
}

export async function uploadImage(id: number, file: File): Promise<SaveResult> {
  try {
    const { data, error } = await api().POST('/Flows/{flowId}/Image', {
      params: { path: { flowId: id }, query: { fileName: file.name } },
      body: file as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'content-type': file.type || 'application/octet-stream' },
    });
    if (data) return { flow: data };
    const fields = (error as { errors?: FlowFieldError[] } | undefined)?.errors;
    return fields?.length ? { errors: fields } : { failed: true };
  } catch (error) {
    console.error('flow editor: upload failed', error);
    return { failed: true };
  }
}

export async function removeImage(id: number): Promise<Flow | undefined> {
  const { data } = await api().DELETE('/Flows/{flowId}/Image', { params: { path: { flowId: id } } }).catch(() => ({ data: undefined }));
  return data;
}

/** The stored image as an object URL (the call needs the bearer token, so a plain <img src> cannot load it). */
export async function imageObjectUrl(id: number): Promise<string | undefined> {
  const { data } = await api()
    .GET('/Flows/{flowId}/Image', { params: { path: { flowId: id } }, parseAs: 'blob' })
    .catch(() => ({ data: undefined }));
  return data instanceof Blob ? URL.createObjectURL(data) : undefined;
}

/** The owner's masters and services, for the filters that pick them. */
export const bookingLists = () => Promise.all([api().GET('/Booking/Masters'), api().GET('/Booking/Services')]);

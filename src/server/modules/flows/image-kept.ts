import type { FlowImage } from '../../../shared/flows/index.ts';
import { invalidField } from '../../platform/http/field-error.ts';

/**
 * The image a create or patch may set: null (clear) or exactly the flow's current image (the editor sending back
 * what it loaded). Anything else would be a file the server never stored — an address someone typed, which the
 * server and the channels must never fetch (docs/flows.md "Image"). New images arrive only by upload.
 */
export function keptImage(current: FlowImage | null, next: FlowImage | null): FlowImage | null {
  if (next === null) return null;
  const same = current !== null && current.url === next.url && current.fileName === next.fileName && current.sizeBytes === next.sizeBytes;
  if (!same) throw invalidField('image', 'imageNotStored');
  return current;
}

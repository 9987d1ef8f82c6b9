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

/** The url an upload writes (`<origin>/api/v1/Flows/<id>/Image?key=<32 hex>`), as the contract's FlowImage.url says. */
const OWN_IMAGE_URL = /\/api\/v1\/Flows\/[0-9]+\/Image\?key=[a-f0-9]{32}$/;

/**
 * The image as answers show it: one of our files, or none. A row written before issue 14 may hold an outside
 * address; it is shown (and sent) as no image rather than answered in a shape the contract forbids.
 */
export const shownImage = (image: FlowImage | null): FlowImage | null => (image && OWN_IMAGE_URL.test(image.url) ? image : null);

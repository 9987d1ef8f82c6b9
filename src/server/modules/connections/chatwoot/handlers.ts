import type { AppContext } from '../../../platform/context.ts';
import type { Handlers } from '../../../platform/http/types.ts';

/** The owner's Chatwoot connection (docs/business-systems.md). Being built (issue 19). */
export function chatwootHandlers(_ctx: AppContext): Handlers<never> {
  return {};
}

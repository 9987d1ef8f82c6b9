import type { AppContext } from '../../../platform/context.ts';
import type { Handlers } from '../../../platform/http/types.ts';

/** The owner's Amo connection (docs/business-systems.md). Being built (issue 19). */
export function amoHandlers(_ctx: AppContext): Handlers<never> {
  return {};
}

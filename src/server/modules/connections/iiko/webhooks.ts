import type { AppContext } from '../../../platform/context.ts';
import type { WebhookGuard } from '../../../platform/http/webhook-guard.ts';

/** Guards of Iiko's webhook kinds (checked before the body is read; docs/webhooks.md). */
export function iikoWebhookGuards(_ctx: AppContext): Record<string, WebhookGuard> {
  return {};
}

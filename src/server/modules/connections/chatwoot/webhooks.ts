import type { AppContext } from '../../../platform/context.ts';
import type { WebhookGuard } from '../../../platform/http/webhook-guard.ts';

/** Guards of Chatwoot's webhook kinds (checked before the body is read; docs/webhooks.md). */
export function chatwootWebhookGuards(_ctx: AppContext): Record<string, WebhookGuard> {
  return {};
}

import type { AppContext } from '../../../platform/context.ts';
import type { WebhookGuard } from '../../../platform/http/webhook-guard.ts';

/**
 * None of its own: iiko's webhook is the orders module's `/Webhooks/iiko/{hookToken}` (URL token checked before the
 * body); the authToken we register is checked per organization there (docs/iiko.md "Decisions").
 */
export function iikoWebhookGuards(_ctx: AppContext): Record<string, WebhookGuard> {
  return {};
}

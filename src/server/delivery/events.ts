import type { DeliveryEvent } from './channels/channel.ts';
import type { Db } from '../platform/db/open.ts';
import { moveStatusForward } from './store-status.ts';

/**
 * A provider's status report (webhook, polling, or the sandbox played by a test). Statuses only move forward
 * (a late "delivered" after "read" changes nothing); returns whether a message changed.
 */
export const applyDeliveryEvent = (db: Db, event: DeliveryEvent): Promise<boolean> => moveStatusForward(db, event);

import type { Tx } from '../../platform/db/transactions.ts';
import { deleteOwnerData as deleteBookingData } from '../booking/store.ts';
import { deleteOwnerData as deleteClients } from '../clients/store.ts';
import { deleteOwnerData as deleteConversations } from '../conversations/store.ts';
import { deleteOwnerData as deleteMessages } from '../delivery/store.ts';
import { deleteOwnerData as deleteFlows } from '../flows/store.ts';
import { deleteOwnerData as deleteOrders } from '../orders/store.ts';
import { deleteOwnerData as deleteBlacklist } from '../phones/store.ts';
import { deleteOwnerData as deleteSubscribers } from '../phones/subscribers/store.ts';

/**
 * An owner's business rows, each module removing its own part: messages first (nothing more is sent), then what
 * names clients, the clients last. Account deletion and the demo's rebuild (modules/demo) both start here.
 */
export async function deleteBusinessData(tx: Tx, userId: number): Promise<void> {
  await deleteMessages(tx, userId);
  await deleteFlows(tx, userId);
  await deleteBookingData(tx, userId);
  await deleteOrders(tx, userId);
  await deleteConversations(tx, userId);
  await deleteSubscribers(tx, userId);
  await deleteBlacklist(tx, userId);
  await deleteClients(tx, userId);
}

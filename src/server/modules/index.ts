import type { ServerModule } from '../platform/http/module.ts';
import type { OperationId } from '../platform/http/types.ts';
import { accountModule } from './account/index.ts';
import { adminModule } from './admin/index.ts';
import { bookingModule } from './booking/index.ts';
import { connectionsModule } from './connections/index.ts';
import { distributionsModule } from './distributions/index.ts';
import { conversationsModule } from './conversations/index.ts';
import { deliveryModule } from './delivery/index.ts';
import { flowsModule } from './flows/index.ts';
import { homeModule } from './home/index.ts';
import { ordersModule } from './orders/index.ts';
import { partnersModule } from './partners/index.ts';
import { paymentsModule } from './payments/index.ts';
import { phonesModule } from './phones/index.ts';

/**
 * Every module that serves routes, in one list; app.ts loops over it. A new domain adds its folder and one line here
 * (and its tables to platform/db/schema.ts). The shared modules `clients` and `integrations` serve no routes.
 */
export const serverModules = [accountModule, adminModule, flowsModule, phonesModule, deliveryModule, bookingModule, ordersModule, homeModule, connectionsModule, conversationsModule, paymentsModule, partnersModule, distributionsModule] as const;

// Every operation of the contract has a handler in some module: a missing one fails the type check on this line.
type Served = (typeof serverModules)[number] extends infer M ? (M extends ServerModule<infer H> ? keyof H : never) : never;
export const everyOperationServed: [Exclude<OperationId, Served>] extends [never] ? true : Exclude<OperationId, Served> = true;

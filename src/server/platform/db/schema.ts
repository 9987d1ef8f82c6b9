// Every table of every module, for drizzle-kit (drizzle.config.ts) and the migrations; code imports its own module's schema.
export * from '../../modules/account/schema.ts';
export * from '../mail/schema.ts';
export * from '../../modules/admin/schema.ts';
export * from '../../modules/flows/schema.ts';
export * from '../../modules/phones/schema.ts';
export * from '../../modules/clients/schema.ts';
export * from '../../modules/booking/schema.ts';
export * from '../../modules/orders/schema.ts';
export * from '../../delivery/schema.ts';
export * from '../../modules/connections/schema.ts';
export * from '../../modules/connections/booking-systems/schema.ts';
export * from '../../modules/conversations/schema.ts';
export * from '../../modules/connections/sending/schema.ts';
export * from '../../modules/payments/schema.ts';
export * from '../../modules/partners/schema.ts';

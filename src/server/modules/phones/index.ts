// The blacklist domain: owner calls, the public ignore link, and the send-time check the delivery engine uses.
export { phonesHandlers } from './handlers.ts';
export { isIgnored, phoneDigits } from './store.ts';
export { ignoreLinkToken } from './ignore-link.ts';

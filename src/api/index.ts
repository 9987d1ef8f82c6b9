export { createApiClient, type ApiClient, type ApiClientOptions } from './client.ts';
export * from './tokens.ts';
export type { paths, components, operations } from './schema.d.ts';

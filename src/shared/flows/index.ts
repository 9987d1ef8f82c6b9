// Flow rules shared by the flows screens and the reference server: kinds, statuses, §5 validation, §6 tariffs.
export * from './kinds.ts';
export * from './messages.ts';
export * from './tariffs.ts';
export * from './types.ts';
export * from './validate.ts';

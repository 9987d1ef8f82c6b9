// Moved to src/features/delivery/islands/delivery-api.ts. Kept only for tests/unit/delivery-screens.test.ts (owned
// by the server side), until that test imports the new path; then delete this file.
export * from '../../features/delivery/store.ts';

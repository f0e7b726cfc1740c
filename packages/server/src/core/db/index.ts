/** Database layer: connection, schema types, migrations, ids, error translation. */
export * from './dialect.js';
export * from './migrate.js';
export * from './ids.js';
export * from './prepared.js';
export type { Database } from './schema.js';

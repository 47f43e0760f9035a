/** Node-only helpers: reading a `schemas/` folder from disk. */
export { loadSchemaFile, readSchemaDirectory } from './readSchemaDirectory';
export type { SchemaDirectory } from './readSchemaDirectory';

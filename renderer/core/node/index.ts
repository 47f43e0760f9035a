/** Node-only helpers: reading a `schemas/` folder and the product folders beside it from disk. */
export { loadSchemaFile, readSchemaDirectory } from './readSchemaDirectory';
export type { SchemaDirectory } from './readSchemaDirectory';
export {
  CHECKOUT_SCHEMAS,
  copySchemaTree,
  productDirsBeside,
  productDirsFromEnv,
  productDirsOf,
  productTreeFiles,
  recordCopiedFile,
  schemaFileOnDisk,
  schemaTreeFile,
  schemaTreeFiles,
  schemaTreeJson,
} from './schemaTree';

/**
 * The page-schema format version this renderer reads. Older files are migrated on load
 * (`migrateSchema`); a file newer than this is refused rather than guessed at.
 */
export const CURRENT_SCHEMA_VERSION = 2;

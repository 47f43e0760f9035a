import type { FunctionRegistry } from '@renderer/core/expression';
import type { ModelDefinition } from '@renderer/core/model';
import type { SchemaSource } from '@renderer/core/schema';
import type { FormatRegistry } from '@renderer/core/validators';

/** One problem found by the checker. */
export interface CheckIssue {
  /** File relative to `schemas/` where it must be fixed (the page or a fragment). */
  file: string;
  /** RFC 6901 JSON pointer into that file ('' for the whole file). */
  pointer: string;
  /** What is wrong and what was expected, in Chinese. */
  message: string;
  /** The page file being checked when the problem is in a fragment it uses. */
  via?: string;
  /** For a file that is not valid JSON: where it stopped parsing (1-based), instead of a pointer. */
  line?: number;
  column?: number;
  /** The instance being checked when the problem is in its template page (renderer/core/schema/templates.ts). */
  instance?: string;
}

/** What the checker knows about the world around the schemas. */
export interface CheckContext {
  /** Fragments and dictionaries. */
  source: SchemaSource;
  /**
   * Models by name, or null when `schemas/_models/` does not exist yet (then model, field and action
   * names are not checked against models).
   */
  models: Readonly<Record<string, ModelDefinition>> | null;
  /** Component names of the renderer's registry. @default BUILTIN_COMPONENT_NAMES */
  components?: readonly string[];
  /** Every role code the portal knows. */
  roles: readonly string[];
  /** Route paths that exist besides the page schemas and `routeFiles`. */
  extraRoutes?: readonly string[];
  /** The hand-written screens' route files (`_routes/*.json` → parsed JSON), read with the page routes. */
  routeFiles?: Readonly<Record<string, unknown>>;
  /**
   * The paths the portal maps to hand-written screens; when given, a path on one side only (a `_routes/`
   * block without a screen, a screen without a block) is a problem.
   */
  screens?: readonly string[];
  /** Functions expressions may call. @default rendererFunctions */
  functions?: FunctionRegistry;
  /** Validation formats. @default FORMATS */
  formats?: FormatRegistry;
}

/** A page file handed to the checker. */
export interface PageFile {
  /** Path relative to `schemas/`. */
  file: string;
  /** Parsed JSON, or the parse error. */
  raw: unknown;
  parseError?: string;
  /** Where it stopped parsing (1-based). */
  parseErrorAt?: { line: number; column: number };
  /** The template page it instantiates, when it is a variant's page made from another folder's. */
  template?: string;
  /** Template parameters its variables file does not give (pointers into the template page). */
  templateProblems?: ReadonlyArray<{ pointer: string; message: string }>;
}

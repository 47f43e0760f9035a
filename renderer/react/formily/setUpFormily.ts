/**
 * Formily's expression compiler and validator registries are global: they are set up when the first
 * form renders (never at import time), with the provider's function set.
 */
import { Schema } from '@formily/json-schema';
import { createFormilyCompiler } from '@renderer/core';
import type { FunctionRegistry } from '@renderer/core';
import { registerFormilyFormats } from '@renderer/core/validators/formily';

let formatsRegistered = false;
let compilerFunctions: FunctionRegistry | null = null;

/** Plugs the interpreter into Formily (`Schema.registerCompiler`) and the shared formats into its validator. */
export function setUpFormily(functions: FunctionRegistry): void {
  if (!formatsRegistered) {
    registerFormilyFormats();
    formatsRegistered = true;
  }
  if (compilerFunctions !== functions) {
    Schema.registerCompiler(createFormilyCompiler(functions));
    compilerFunctions = functions;
  }
}

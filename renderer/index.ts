/**
 * The renderer's public surface: everything of renderer/core (schema types, loader, routes,
 * expressions, validators, formatters, business API paths) and of renderer/react (provider,
 * SchemaPage, page kinds, widgets, registry). Import from '@renderer' only.
 */
export * from './core';
export * from './react';

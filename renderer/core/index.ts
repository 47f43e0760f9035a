/**
 * renderer/core: everything of the renderer that needs no React — schema types and loader, route
 * and menu metadata, the expression language, validators, formatters and the business API paths.
 * The server imports it; the browser gets it through `renderer/index.ts`.
 * (The checker, `@renderer/core/checker`, and the disk reader, `@renderer/core/node`, are separate
 * entries: they are for Node only.)
 */
export * from './schema';
export * from './routes';
export * from './model';
export * from './expression';
export * from './format';
export * from './validators';

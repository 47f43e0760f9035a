/**
 * renderer/react: the provider, the page component, the page kinds, the widgets and the component
 * registry. Thin on purpose: the schema logic lives in renderer/core.
 */
export { RendererProvider, useDictionary, useRenderer } from './context/RendererProvider';
export { ACCESSIBLE_THEME } from './context/accessibleTheme';
export type { KeptForms, RendererContextValue, RendererProviderProps } from './context/RendererProvider';
export { errorMessage, fieldErrorsOf } from './context/services';
export type {
  Dictionaries,
  NavigateOptions,
  RendererError,
  RendererRequest,
  RendererRequestOptions,
  SignFlowResult,
  Signer,
  SignRecord,
} from './context/services';
export { SchemaPage } from './SchemaPage';
export { preloadRenderer } from './lazyModules';
export type { SchemaPageProps } from './SchemaPage';
// Page kinds are reached through SchemaPage only: each loads as its own chunk.
export type { PageProps } from './pages/ListPage';
export { createComponentRegistry } from './registry/createComponentRegistry';
export type {
  AnyComponent,
  ComponentEntry,
  ComponentRegistry,
  CreateComponentRegistryOptions,
  LazyComponent,
} from './registry/createComponentRegistry';
export { DEFAULT_COMPONENT_ENTRIES, defaultComponents } from './registry/defaultComponents';
// Widgets are in '@renderer/react/widgets' (loading them here would put Formily on every page).
export type { UploadedFile } from './parts/uploads';
export { testIds } from './testIds';
export type { ActionArea, FieldScope } from './testIds';

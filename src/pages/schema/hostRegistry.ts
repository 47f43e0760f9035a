import { createComponentRegistry, DEFAULT_COMPONENT_ENTRIES, type ComponentRegistry } from '@renderer';
import { HOST_COMPONENTS } from '@/router/hostComponents';

/** The renderer's components and the portal's own (src/router/hostComponents.ts), each loaded on demand. */
export const hostRegistry: ComponentRegistry = createComponentRegistry({
  ...DEFAULT_COMPONENT_ENTRIES,
  ...Object.fromEntries(
    Object.entries(HOST_COMPONENTS).map(([name, load]) => [name, { getComponent: load }]),
  ),
});

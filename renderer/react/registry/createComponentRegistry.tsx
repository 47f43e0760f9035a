/**
 * The component registry: names used in `x-component` / `x-decorator` mapped to React components.
 * It is a value handed to `RendererProvider`, never a module global. A duplicate name is an error
 * unless the new registry lists it in `override`. A component may be registered lazily
 * (`{ getComponent: () => import('./Big') }`, as amis does): a page loads the components its schema
 * names before it renders (`load`), so a list never downloads the date picker, and a loaded component
 * is handed to Formily as itself, without a wrapper per field.
 */
import { forwardRef, lazy, Suspense } from 'react';
import type { ComponentType } from 'react';

// Components of any props: the registry hands them to Formily, which passes schema props through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyComponent = ComponentType<any>;

/** A lazily loaded component: the module's default export or the component itself. */
export interface LazyComponent {
  getComponent: () => Promise<AnyComponent | { default: AnyComponent }>;
}

/** What a registry entry may be. */
export type ComponentEntry = AnyComponent | LazyComponent;

/** An immutable set of named components. */
export interface ComponentRegistry {
  has(name: string): boolean;
  /** The component for `name` (a lazy one not loaded yet comes wrapped in `Suspense`), or undefined. */
  get(name: string): AnyComponent | undefined;
  /** Names in registration order. */
  names(): string[];
  /** Whether every known name of `names` can render without loading. */
  isLoaded(names: Iterable<string>): boolean;
  /** Loads the lazily registered components among `names` (unknown names are ignored). */
  load(names: Iterable<string>): Promise<void>;
  /**
   * The nested object Formily's `createSchemaField` wants (`Input.TextArea` as a property of `Input`),
   * with loaded components as themselves.
   */
  toFormilyComponents(): Record<string, AnyComponent>;
}

/** Options of {@link createComponentRegistry}. */
export interface CreateComponentRegistryOptions {
  /** Registry whose components are included first. */
  base?: ComponentRegistry;
  /** Names of `base` this registry deliberately replaces; any other clash throws. */
  override?: Iterable<string>;
}

const NAME = /^[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)?$/;

function isLazy(entry: ComponentEntry): entry is LazyComponent {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    'getComponent' in entry &&
    typeof entry.getComponent === 'function'
  );
}

/** One registered name: its component once known, and how to load it. */
interface Slot {
  component: AnyComponent | undefined;
  load: (() => Promise<AnyComponent>) | undefined;
  wrapper: AnyComponent | undefined;
}

const unwrap = (module: AnyComponent | { default: AnyComponent }): AnyComponent =>
  typeof module === 'object' && module !== null && 'default' in module ? module.default : module;

/** Wraps a slot that is not loaded yet: loads on first render, shows nothing while loading. */
function lazyWrapper(name: string, slot: Slot): AnyComponent {
  const Loaded = lazy(async () => ({
    default: slot.component ?? (await (slot.load as () => Promise<AnyComponent>)()),
  }));
  const Wrapper = forwardRef<unknown, Record<string, unknown>>(function LazyRegistered(props, ref) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} ref={ref} />
      </Suspense>
    );
  });
  Wrapper.displayName = `Lazy(${name})`;
  return Wrapper;
}

/**
 * Builds a registry.
 * @throws Error for an invalid name, a duplicate inside `entries`, a clash with `base` not listed in
 *   `override`, or an `override` name that `base` lacks (almost always a typo).
 */
export function createComponentRegistry(
  entries: Readonly<Record<string, ComponentEntry>>,
  options: CreateComponentRegistryOptions = {},
): ComponentRegistry {
  const slots = new Map<string, Slot>();
  const base = options.base;
  const override = new Set(options.override ?? []);
  for (const name of override) {
    if (!base?.has(name))
      throw new Error(`Cannot override component "${name}": the base registry has no such name`);
  }
  if (base) {
    for (const name of base.names()) {
      slots.set(name, {
        component: base.isLoaded([name]) ? base.get(name) : undefined,
        load: async () => {
          await base.load([name]);
          return base.get(name) as AnyComponent;
        },
        wrapper: undefined,
      });
    }
  }
  const seen = new Set<string>();
  for (const [name, entry] of Object.entries(entries)) {
    if (!NAME.test(name))
      throw new Error(`Invalid component name "${name}" (PascalCase, one dot for a member: Input.TextArea)`);
    if (seen.has(name)) throw new Error(`Duplicate component "${name}"`);
    if (slots.has(name) && !override.has(name)) {
      throw new Error(
        `Duplicate component "${name}": already registered (list it in override to replace it)`,
      );
    }
    if (
      typeof entry !== 'function' &&
      !isLazy(entry) &&
      !(typeof entry === 'object' && entry !== null && '$$typeof' in entry)
    ) {
      throw new Error(`Component "${name}" is neither a component nor { getComponent }`);
    }
    seen.add(name);
    if (isLazy(entry)) {
      let pending: Promise<AnyComponent> | null = null;
      const slot: Slot = { component: undefined, wrapper: undefined, load: undefined };
      slot.load = () =>
        (pending ??= entry.getComponent().then((module) => {
          slot.component = unwrap(module);
          return slot.component;
        }));
      slots.set(name, slot);
    } else {
      slots.set(name, { component: entry, load: undefined, wrapper: undefined });
    }
  }

  let formily: Record<string, AnyComponent> | null = null;
  const get = (name: string): AnyComponent | undefined => {
    const slot = slots.get(name);
    if (!slot) return undefined;
    if (slot.component) return slot.component;
    return (slot.wrapper ??= lazyWrapper(name, slot));
  };
  return Object.freeze({
    has: (name: string) => slots.has(name),
    get,
    names: () => [...slots.keys()],
    isLoaded: (names: Iterable<string>) =>
      [...names].every((name) => !slots.has(name) || slots.get(name)?.component !== undefined),
    load: async (names: Iterable<string>) => {
      const waiting = [...new Set(names)]
        .map((name) => slots.get(name))
        .filter((slot): slot is Slot => slot !== undefined && !slot.component && slot.load !== undefined);
      if (waiting.length === 0) return;
      await Promise.all(waiting.map((slot) => (slot.load as () => Promise<AnyComponent>)()));
      formily = null;
    },
    toFormilyComponents: () =>
      (formily ??= nest(new Map([...slots.keys()].map((name) => [name, get(name) as AnyComponent])))),
  });
}

/**
 * Formily looks `Input.TextArea` up as a path, so members must hang off their parent. A parent that
 * does not already carry the member gets a thin wrapper that does (the original is never mutated).
 */
function nest(table: ReadonlyMap<string, AnyComponent>): Record<string, AnyComponent> {
  const out: Record<string, AnyComponent> = {};
  const members = new Map<string, Array<[string, AnyComponent]>>();
  for (const [name, component] of table) {
    const dot = name.indexOf('.');
    if (dot < 0) out[name] = component;
    else
      members.set(name.slice(0, dot), [
        ...(members.get(name.slice(0, dot)) ?? []),
        [name.slice(dot + 1), component],
      ]);
  }
  for (const [parent, list] of members) {
    const Parent = out[parent];
    const carries =
      Parent !== undefined &&
      list.every(([member, c]) => (Parent as unknown as Record<string, unknown>)[member] === c);
    if (carries) continue;
    const Holder = forwardRef<unknown, Record<string, unknown>>(function Namespace(props, ref) {
      if (!Parent) throw new Error(`Component "${parent}" is not registered`);
      return <Parent {...props} ref={ref} />;
    });
    Holder.displayName = parent;
    const holder = Holder as unknown as AnyComponent & Record<string, unknown>;
    for (const [member, component] of list) holder[member] = component;
    out[parent] = holder;
  }
  return out;
}

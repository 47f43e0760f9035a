import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_COMPONENT_NAMES } from '@renderer/core';
import { createComponentRegistry } from '@renderer/react/registry/createComponentRegistry';
import { defaultComponents } from '@renderer/react/registry/defaultComponents';

const A = (): React.JSX.Element => <span>A</span>;
const B = (): React.JSX.Element => <span>B</span>;

describe('createComponentRegistry', () => {
  it('refuses a duplicate unless it is listed in override', () => {
    const base = createComponentRegistry({ Input: A });
    expect(() => createComponentRegistry({ Input: B }, { base })).toThrow(
      'Duplicate component "Input": already registered',
    );
    const replaced = createComponentRegistry({ Input: B }, { base, override: ['Input'] });
    expect(replaced.get('Input')).toBe(B);
    expect(base.get('Input')).toBe(A);
    expect(() => createComponentRegistry({ Other: B }, { base, override: ['Inptu'] })).toThrow(
      'the base registry has no such name',
    );
  });

  it('refuses invalid names and entries that are not components', () => {
    expect(() => createComponentRegistry({ input: A })).toThrow('Invalid component name "input"');
    expect(() => createComponentRegistry({ 'A.B.C': A })).toThrow('Invalid component name');
    expect(() => createComponentRegistry({ Broken: 42 as unknown as typeof A })).toThrow(
      'neither a component nor { getComponent }',
    );
  });

  it('loads a lazily registered component on first render', async () => {
    let loads = 0;
    const registry = createComponentRegistry({
      Big: {
        getComponent: async () => {
          loads += 1;
          return { default: () => <span>big widget</span> };
        },
      },
    });
    expect(loads).toBe(0);
    const Big = registry.get('Big') as React.ComponentType;
    render(<Big />);
    expect(await screen.findByText('big widget')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('loads what a page names before it renders, then hands Formily the component itself', async () => {
    const Real = (): React.JSX.Element => <span>real</span>;
    const registry = createComponentRegistry({ Eager: A, Big: { getComponent: async () => Real } });
    expect(registry.isLoaded(['Eager', 'Unknown'])).toBe(true);
    expect(registry.isLoaded(['Big'])).toBe(false);
    expect(registry.toFormilyComponents().Big).not.toBe(Real);
    await registry.load(['Big', 'Eager', 'Unknown']);
    expect(registry.isLoaded(['Big'])).toBe(true);
    expect(registry.get('Big')).toBe(Real);
    expect(registry.toFormilyComponents().Big).toBe(Real);
  });

  it('nests member names the way Formily looks them up, without touching the originals', () => {
    const registry = createComponentRegistry({ Input: A, 'Input.TextArea': B });
    const formily = registry.toFormilyComponents() as unknown as Record<string, Record<string, unknown>>;
    expect(formily.Input?.TextArea).toBe(B);
    expect((A as unknown as Record<string, unknown>).TextArea).toBeUndefined();
  });
});

describe('defaultComponents', () => {
  it('provides exactly the names the schema checker accepts', () => {
    expect([...defaultComponents.names()].sort()).toEqual([...BUILTIN_COMPONENT_NAMES].sort());
  });
});

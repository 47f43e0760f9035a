import { configure } from '@testing-library/react';

// jsdom gaps that antd needs (see TOOLCHAIN.md).
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  const original = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => original(elt);
}

// Testing Library's `findBy…` and `waitFor` give up after 1 s by default: a dialog whose code loads on first
// use takes longer than that on a loaded 2-core machine (ResultDialogs.test failed so beside other files).
// Waiting longer costs a passing test nothing; only a failing one reports later.
configure({ asyncUtilTimeout: 10_000 });

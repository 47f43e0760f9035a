import { cleanup, configure } from '@testing-library/react';
import { vi } from 'vitest';

// The jsdom projects run their files one after another in the same worker (`isolate: false` in
// vitest.config.ts), so antd, Formily and React are loaded once per worker instead of once per file. What a
// file could leave behind for the next one is reset here, before the file's own imports:
// - every module the runner evaluated (the project's code, and the mocks a file declares: `vi.mock` applies to
//   what the file imports afresh); node_modules stay loaded in Node's own module cache;
// - fake timers a file left installed;
// - what Testing Library still has mounted (a previous file that did not clean up);
// - the jsdom document and storage: the body, own properties a test defined on `document` (e.g. a
//   `visibilityState` getter), local and session storage, cookies, the address.
vi.resetModules();
vi.useRealTimers();
if (typeof document !== 'undefined') {
  cleanup();
  for (const key of Object.getOwnPropertyNames(document)) {
    if (key !== 'location' && !key.startsWith('_react')) Reflect.deleteProperty(document, key);
  }
  document.body.innerHTML = '';
  document.title = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  window.history.replaceState(null, '', '/');
}

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
  // Without the pseudo-element argument, which jsdom does not implement. Wrapped once per worker: the files
  // of a worker share its window (vitest.config.ts, isolate: false).
  const current = window.getComputedStyle as typeof window.getComputedStyle & { pseudoDropped?: true };
  if (!current.pseudoDropped) {
    const original = window.getComputedStyle.bind(window);
    window.getComputedStyle = Object.assign((elt: Element) => original(elt), {
      pseudoDropped: true as const,
    });
  }
}

// Testing Library's `findBy…` and `waitFor` give up after 1 s by default: a dialog whose code loads on first
// use takes longer than that on a loaded 2-core machine (ResultDialogs.test failed so beside other files).
// Waiting longer costs a passing test nothing; only a failing one reports later.
configure({ asyncUtilTimeout: 10_000 });

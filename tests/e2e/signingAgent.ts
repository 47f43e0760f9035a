import { type Browser, type Page } from '@playwright/test';
import { test } from './fixtures';
import { CreditKeys } from './creditKeys';
import { closePages, userPage, type UserPageOptions } from './creditUi';

/** The reference signing agent with the demo keys, as a spec file's tests use it. */
export interface SigningAgent {
  /** The agent's address, for the portal's localStorage `ukeyAgentUrl`. */
  readonly url: string;
  /** Leaves only the key file `label` in the agent's folder (the key "inserted"). */
  insertOnly(label: string): void;
  /**
   * A fresh browser context logged in as `user`, talking to the agent (`blank`, `to`: see
   * {@link UserPageOptions}).
   */
  as(user: string, browser: Browser, options?: Pick<UserPageOptions, 'blank' | 'to'>): Promise<Page>;
}

/**
 * Starts the agent before the tests of the current file or describe block (on the worker's signingAgent
 * helper port), stops it after them, and closes the pages each test opened. `defaults` apply to every
 * {@link SigningAgent.as} (e.g. `blank` in a file whose tests each open their own page first).
 */
export function useSigningAgent(defaults: Pick<UserPageOptions, 'blank'> = {}): SigningAgent {
  let keys: CreditKeys | undefined;
  const started = (): CreditKeys => {
    if (!keys) throw new Error('the signing agent is used outside the tests that started it');
    return keys;
  };
  test.beforeAll(async ({ portal }) => {
    keys = new CreditKeys(portal.origin, portal.helperPort('signingAgent'));
    await keys.start();
  });
  test.afterEach(closePages);
  test.afterAll(() => keys?.stop());
  return {
    get url() {
      return started().url;
    },
    insertOnly: (label) => started().insertOnly(label),
    as: (user, browser, options) =>
      userPage(browser, user, { ...defaults, ...options, agentUrl: started().url }),
  };
}

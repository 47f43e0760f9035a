import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecurityInfo } from '@/api';
import { HomeRedirect } from '@/router/HomeRedirect';
import { ABS_CHAIN_INDEX_QUERY, ABS_CORE_INDEX_QUERY, PROJECT_LIST_PATH } from '@/router/home';
import { SessionContext } from '@/session/SessionContext';

/** Where the landing route sends a user (spec section 2 "Home"), through the real HomeRedirect component. */

function Landed(): React.JSX.Element {
  return <p data-testid="landed">{useLocation().pathname}</p>;
}

function landAt(homeUrl: string, roleCode: string, permitted: string[] = []): string {
  const security = {
    homeUrl,
    currentRole3: { pkRole: `PK_${roleCode}`, roleCode, roleName: roleCode },
  } as unknown as SecurityInfo;
  const router = createMemoryRouter(
    [
      { path: '/', element: <HomeRedirect /> },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <SessionContext.Provider
      value={{ security, permitted: new Set(permitted), reload: async () => security, switching: false }}
    >
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return screen.getByTestId('landed').textContent ?? '';
}

afterEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
});

describe('home redirect when the server home URL is the project list', () => {
  it('sends a CORE role to the ABS core index query', () => {
    expect(landAt(PROJECT_LIST_PATH, 'ROLE_CORE_OPERATOR', ['/credit/core/index/operator'])).toBe(
      ABS_CORE_INDEX_QUERY,
    );
    expect(ABS_CORE_INDEX_QUERY).toBe('/abs/core/index/query');
  });

  it('sends any other role to the ABS chain index query', () => {
    for (const role of ['ROLE_CORP_OPERATOR', 'ROLE_UNIT_DIRECTOR', 'ROLE_FIN_PRODUCT_MANAGER']) {
      document.body.innerHTML = '';
      expect(landAt(PROJECT_LIST_PATH, role, ['/credit/chain/index/operator']), role).toBe(
        ABS_CHAIN_INDEX_QUERY,
      );
    }
    expect(ABS_CHAIN_INDEX_QUERY).toBe('/abs/chain/index/query');
  });

  it('otherwise follows the home URL among the permitted routes', () => {
    expect(
      landAt('/assets-pool/assets-match', 'ROLE_CORE_OPERATOR', [
        '/credit/core/index/operator',
        '/assets-pool/assets-match/assets-pool-query',
      ]),
    ).toBe('/assets-pool/assets-match/assets-pool-query');
  });
});

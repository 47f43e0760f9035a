import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { call, STORAGE_KEYS } from '@/api';
import { useSession } from '@/session/SessionContext';
import { storeRole } from '@/session/storage';
import { productSwitchStep } from './products';
import { API } from '@contract/api';

/**
 * Spec section 4 product switching, as the header's product switch and the product chooser (选择产品,
 * schemas/project/list.json, through the renderer's `announce: "product"`) do it: the switch is logged on the
 * server (unless the page's action already did), then the user goes to where the product starts for the role,
 * a core-type user on a credit page with a supplier role first switched to the core kind.
 */
export function useChooseProduct(): (product: string, options?: { logged?: boolean }) => Promise<void> {
  const { security, reload } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    async (product: string, options: { logged?: boolean } = {}) => {
      if (!options.logged)
        await call(API.productSwitch, { query: { productType: product } }).catch(() => undefined);
      const decide = (info: typeof security, currentPath: string) =>
        productSwitchStep({
          product,
          menus: info.menus3,
          role: info.currentRole3?.roleCode ?? null,
          candidateRoles: info.candidateRoles.map((r) => r.roleCode),
          corpType: info.user3.corpType,
          currentPath,
        });
      const go = (step: ReturnType<typeof decide>): string | null => {
        if (step.kind !== 'go') return null;
        if (step.setHomepage) window.localStorage.setItem(STORAGE_KEYS.homepage, step.path);
        return step.path;
      };
      const step = decide(security, pathname);
      if (step.kind === 'switch-role') {
        // Switch to the core kind first, then go to the product's page in the same step (SessionGate), never
        // through the page the new role may not open.
        storeRole(step.role);
        await reload(step.role, (info) => go(decide(info, '/')));
        return;
      }
      const path = go(step);
      if (path) navigate(path);
    },
    [security, reload, navigate, pathname],
  );
}

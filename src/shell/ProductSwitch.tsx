import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { call, STORAGE_KEYS } from '@/api';
import { routeByPath } from '@/router/routeTable';
import { usePlatform } from '@/session/PlatformContext';
import { useSession } from '@/session/SessionContext';
import { storeRole } from '@/session/storage';
import { enabledProducts, PRODUCT_TITLES, productSwitchStep } from './products';
import { API } from '@contract/api';

/** Spec section 4 product switching, with every switch logged on the server. */
export function ProductSwitch({ color }: { color: string }): React.JSX.Element | null {
  const { security, reload } = useSession();
  const { config } = usePlatform();
  const navigate = useNavigate();
  const location = useLocation();
  const products = enabledProducts(config.avalableProduct, security.openedProductCorps);
  if (!products.length) return null;
  const current = routeByPath(location.pathname)?.product;

  const choose = async (product: string): Promise<void> => {
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
    const step = decide(security, location.pathname);
    if (step.kind === 'switch-role') {
      // A core-type user on a credit page with a supplier role: switch to the core kind first, then go to
      // the product's page in the same step (SessionGate), never through the page the new role may not open.
      storeRole(step.role);
      await reload(step.role, (info) => go(decide(info, '/')));
      return;
    }
    const path = go(step);
    if (path) navigate(path);
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: products.map((p) => ({ key: p, label: PRODUCT_TITLES[p], 'data-testid': `product-${p}` })),
        selectedKeys: current ? [current] : [],
        onClick: ({ key }) => void choose(key),
      }}
    >
      <Button type="text" style={{ color }} data-testid="product-switch">
        {current && PRODUCT_TITLES[current] ? PRODUCT_TITLES[current] : '切换产品'} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useLocation } from 'react-router-dom';
import { routeByPath } from '@/router/routeTable';
import { usePlatform } from '@/session/PlatformContext';
import { useSession } from '@/session/SessionContext';
import { enabledProducts, PRODUCT_TITLES } from './products';
import { useChooseProduct } from './useChooseProduct';

/** Spec section 4 product switching, with every switch logged on the server. */
export function ProductSwitch({ color }: { color: string }): React.JSX.Element | null {
  const { security } = useSession();
  const { config } = usePlatform();
  const location = useLocation();
  const choose = useChooseProduct();
  const products = enabledProducts(config.avalableProduct, security.openedProductCorps);
  if (!products.length) return null;
  const current = routeByPath(location.pathname)?.product;

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

import { hasMenu } from '@contract/roles';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@/router/routeTable';
import { useSession } from '@/session/SessionContext';
import { buildHeaderMenu, showHomeItem } from './menuModel';

type Item = NonNullable<MenuProps['items']>[number];

/** The top menu: Home (when a product is opened) and the permitted routes; the active item follows the path. */
export function HeaderMenu({ color }: { color: string }): React.JSX.Element {
  const { security, permitted } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const role = security.currentRole3?.roleCode ?? null;

  const items = useMemo<Item[]>(() => {
    const products = buildHeaderMenu(ROUTES, permitted, role);
    const out: Item[] = [];
    if (hasMenu(role) && showHomeItem(security.openedProductCorps)) out.push({ key: '/', label: '首页' });
    for (const p of products) {
      out.push({
        key: `product:${p.key}`,
        label: p.label,
        children: p.groups.map((g, i) => ({
          type: 'group' as const,
          key: `group:${p.key}:${i}`,
          label: g.label || undefined,
          children: g.items.map((leaf) => ({
            key: leaf.key,
            label: leaf.label,
            'data-testid': `menu-${leaf.key}`,
          })),
        })),
      });
    }
    return out;
  }, [permitted, role, security.openedProductCorps]);

  const blank = useMemo(() => new Set(ROUTES.filter((r) => r.openInBlank).map((r) => r.path)), []);
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (blank.has(key)) window.open(`/cv3${key}`, '_blank', 'noopener');
    else navigate(key);
  };

  // The bar's colours come from the platform config: menu text in the bar's word colour.
  // Top-level items take the bar's word colour (shell.css); dropdown items keep antd's own colours.
  const theme = {
    components: {
      Menu: {
        horizontalItemSelectedColor: color,
        horizontalItemHoverColor: color,
        itemBg: 'transparent',
      },
    },
  };
  return (
    <ConfigProvider theme={theme}>
      <Menu
        mode="horizontal"
        items={items}
        selectedKeys={[location.pathname]}
        onClick={onClick}
        data-testid="header-menu"
        style={{ flex: 1, minWidth: 0, background: 'transparent', color, borderBottom: 'none' }}
      />
    </ConfigProvider>
  );
}

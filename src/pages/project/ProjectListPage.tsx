import { Card, Col, Row, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { call, STORAGE_KEYS } from '@/api';
import { usePlatform } from '@/session/PlatformContext';
import { useSession } from '@/session/SessionContext';
import { enabledProducts, PRODUCT_TITLES, productSwitchStep } from '@/shell/products';
import { API } from '@contract/api';

/** /project/list: choose a product to work in (no top menu). */
export function ProjectListPage(): React.JSX.Element {
  const { security } = useSession();
  const { config } = usePlatform();
  const navigate = useNavigate();
  const products = enabledProducts(config.avalableProduct, security.openedProductCorps);

  const choose = async (product: string): Promise<void> => {
    await call(API.productSwitch, { query: { productType: product } }).catch(() => undefined);
    const step = productSwitchStep({
      product,
      menus: security.menus3,
      role: security.currentRole3?.roleCode ?? null,
      candidateRoles: security.candidateRoles.map((r) => r.roleCode),
      corpType: security.user3.corpType,
      currentPath: '/project/list',
    });
    if (step.kind !== 'go') return;
    if (step.setHomepage) window.localStorage.setItem(STORAGE_KEYS.homepage, step.path);
    navigate(step.path);
  };

  return (
    <Row gutter={[16, 16]} data-testid="project-list">
      {products.map((p) => (
        <Col key={p} xs={24} md={12} xl={8}>
          <Card hoverable onClick={() => void choose(p)} data-testid={`project-${p}`}>
            <Card.Meta
              title={PRODUCT_TITLES[p]}
              description={
                security.openedProductCorps[p] ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>
              }
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

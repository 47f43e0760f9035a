import { Alert, Button, Card, Col, Row, Tag, message } from 'antd';
import { Link } from 'react-router-dom';
import { useCallback, useEffect, useState } from 'react';
import { call, ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api';
import { PRODUCT_TITLES } from '@/shell/products';
import { API } from '@contract/api';

interface ProductState {
  product: string;
  opened: boolean;
  pending: boolean;
}

/** /my/product/overview: product opening — every product with its state and an 开通 button. */
export function ProductOverviewPage(): React.JSX.Element {
  const [products, setProducts] = useState<ProductState[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    call<ProductState[]>(API.products)
      .then(setProducts)
      .catch(() => setProducts([]));
  }, []);
  useEffect(load, [load]);

  const apply = async (product: string): Promise<void> => {
    setBusy(product);
    try {
      await call(API.productApply, { body: { product } });
      void message.success('开通申请已提交，请等待平台审核');
      load();
    } catch (e) {
      void message.error(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Row gutter={[16, 16]} data-testid="product-overview">
      <Col span={24}>
        <Alert
          type="info"
          showIcon
          message={
            <>
              开通申请经平台审核通过后，产品即为已开通；请在
              <Link to="/my/enterprise-info/realname" data-testid="overview-realname">
                实名认证
              </Link>
              中完成法定代表人人脸识别。
            </>
          }
        />
      </Col>
      {(products ?? []).map((p) => (
        <Col key={p.product} xs={24} md={12} xl={6}>
          <Card
            title={PRODUCT_TITLES[p.product] ?? p.product}
            extra={
              p.opened ? (
                <Tag color="green">已开通</Tag>
              ) : p.pending ? (
                <Tag color="orange">审核中</Tag>
              ) : (
                <Tag>未开通</Tag>
              )
            }
          >
            <Button
              type="primary"
              block
              disabled={p.opened || p.pending}
              loading={busy === p.product}
              onClick={() => void apply(p.product)}
              data-testid={`open-${p.product}`}
            >
              {p.opened ? '已开通' : p.pending ? '审核中' : '开通'}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

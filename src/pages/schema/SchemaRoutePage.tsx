import { Empty } from 'antd';
import { useLocation } from 'react-router-dom';
import { routeByPath } from '@/router/routeTable';

/** A page described by a JSON page schema (mounted through the renderer). */
export function SchemaRoutePage(): React.JSX.Element {
  const { pathname } = useLocation();
  const route = routeByPath(pathname);
  return <Empty description={`${route?.title ?? pathname}：页面加载中`} />;
}

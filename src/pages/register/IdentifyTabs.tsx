import { Segmented } from 'antd';
import { useNavigate } from 'react-router-dom';

const TABS = [
  { value: '/register/abs/identify/soft-key', label: '软证书认证' },
  { value: '/register/abs/identify/ukey', label: 'UKEY认证' },
];

/** Switch between the two ways of proving the enterprise's identity (register/abs/identify/*). */
export function IdentifyTabs({ current }: { current: string }): React.JSX.Element {
  const navigate = useNavigate();
  return (
    <Segmented
      value={current}
      options={TABS}
      onChange={(v) => navigate(String(v))}
      style={{ marginBottom: 16 }}
    />
  );
}

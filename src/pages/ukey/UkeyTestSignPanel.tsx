import { Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { fetchStateCaNormal, fetchUkeys } from '@/ukey';
import { UkeyTestSign } from './UkeyTestSign';
import { useUkeyRules } from './useTestSignature';

/**
 * The test signature of my/enterprise-info/ukey/list as a component its page schema names (`UkeyTestSign`,
 * src/router/hostComponents.ts): the enterprise's certificate state, then a signature with the inserted key,
 * the bank of the enterprise's first usable hardware key preselected. It talks to the local signing agent,
 * which a page schema cannot.
 */
export function UkeyTestSignPanel(): React.JSX.Element {
  const rules = useUkeyRules();
  const [caNormal, setCaNormal] = useState<boolean | null>(null);
  const [defaultBank, setDefaultBank] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    fetchStateCaNormal()
      .then((normal) => live && setCaNormal(normal))
      .catch(() => undefined);
    fetchUkeys({ page: 1, size: 100, status: 'NORMAL' })
      .then((r) => live && setDefaultBank(r.list.find((k) => k.kind === 'HARDWARE')?.bank))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {caNormal === null ? null : (
        <Tag color={caNormal ? 'green' : 'red'} data-testid="ukey-ca-state">
          {caNormal ? '企业证书状态正常' : '企业暂无可用证书'}
        </Tag>
      )}
      <UkeyTestSign issuers={rules.issuers} defaultBank={defaultBank} />
    </Space>
  );
}

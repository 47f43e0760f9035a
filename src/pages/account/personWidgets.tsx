/**
 * Widgets of the person-info page schema (schemas/my/person-info/index.json), registered in
 * src/router/hostComponents.ts: the notice of a one-time initial password to change, and the user's own
 * profile read from the session's person endpoint (after any write of the page, e.g. a new mobile, again).
 */
import { Alert, Descriptions, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useWriteGeneration } from '@renderer/react/context/writes';
import { call } from '@/api';
import { useSession } from '@/session/SessionContext';
import { maskPersonalData } from '@contract/personalData';
import { API } from '@contract/api';

interface PersonInfo {
  userName: string;
  personName: string;
  mobile: string;
  corpName: string;
  roles: Array<{ roleCode: string; roleName: string }>;
}

/** 请先修改密码, while the user still holds the password an administrator set. */
export function PasswordChangeNotice(): React.JSX.Element | null {
  const { security } = useSession();
  if (!security.user3.passwordChangeRequired) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="password-change-required"
      message="您正在使用管理员设置的初始密码，请先修改密码"
      description="为了账户安全，首次登录须将初始密码修改为只有您知道的新密码，修改后即可正常使用平台。"
    />
  );
}

/** 姓名, 用户名, the masked 手机号码, 所属企业 and 角色 of the logged-in user. */
export function PersonProfile(): React.JSX.Element {
  const writes = useWriteGeneration();
  const [info, setInfo] = useState<PersonInfo | null>(null);
  useEffect(() => {
    let current = true;
    call<PersonInfo>(API.personMe).then(
      (answer) => current && setInfo(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [writes]);
  return (
    <div data-testid="person-info">
      {info && (
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="姓名">{info.personName}</Descriptions.Item>
          <Descriptions.Item label="用户名">{info.userName}</Descriptions.Item>
          <Descriptions.Item label="手机号码">
            <span data-testid="person-mobile-current">{maskPersonalData('mobile', info.mobile)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="所属企业">{info.corpName}</Descriptions.Item>
          <Descriptions.Item label="角色" span={2}>
            {info.roles.map((r) => (
              <Tag key={r.roleCode}>{r.roleName}</Tag>
            ))}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}

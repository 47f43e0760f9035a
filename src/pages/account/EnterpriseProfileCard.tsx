import { Card, Descriptions } from 'antd';
import { useEffect, useState } from 'react';
import {
  ENTERPRISE_PROFILE_API,
  ENTERPRISE_PROFILE_FIELDS,
  type EnterpriseProfile,
} from '@contract/enterprise';
import { maskPersonalData } from '@contract/personalData';
import { apiGet } from '@/api';

/**
 * The logged-in user's enterprise as it is now (企业信息): name, 统一社会信用代码, legal person, address and
 * contact; it changes only when a change proposed on 企业信息变更 is approved.
 */
export function EnterpriseProfileCard(): React.JSX.Element {
  const [profile, setProfile] = useState<EnterpriseProfile | null>(null);
  useEffect(() => {
    apiGet<EnterpriseProfile>(ENTERPRISE_PROFILE_API)
      .then(setProfile)
      .catch(() => undefined);
  }, []);
  return (
    <Card title="企业信息" size="small" loading={!profile} data-testid="enterprise-profile">
      {profile && (
        <Descriptions column={2} bordered size="small">
          {ENTERPRISE_PROFILE_FIELDS.map((field) => (
            <Descriptions.Item key={field.key} label={field.title}>
              <span data-testid={`enterprise-${field.key}`}>
                {('personal' in field
                  ? maskPersonalData(field.personal, profile[field.key])
                  : profile[field.key]) || '——'}
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Card>
  );
}

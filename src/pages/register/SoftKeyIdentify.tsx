import { Alert, Button, Descriptions, Radio, Result, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api';
import { useSession } from '@/session/SessionContext';
import {
  createSoftKey,
  createSoftKeyDriver,
  createUkeySigner,
  fetchCfcaControlsEnabled,
  fetchSoftCaProjectCode,
  indexedDbSoftKeyStore,
  type SoftKeyRecord,
  type UkeyAlgorithm,
} from '@/ukey';
import { SignResultView } from '@/pages/ukey/SignResultView';
import { ALGORITHM_LABEL } from '@/pages/ukey/ukeyLabels';
import { useTestSignature } from '@/pages/ukey/useTestSignature';

const store = indexedDbSoftKeyStore;

/**
 * The soft certificate of register/abs/identify/soft-key as a component its page schema names
 * (`SoftKeyIdentify`, src/router/hostComponents.ts): a key made in this browser (kept in IndexedDB,
 * certified by the platform CA after proof of possession), then an identity signature with it. The key
 * pair is made and kept in the browser, which a page schema cannot.
 */
export function SoftKeyIdentify(): React.JSX.Element {
  const owner = useSession().security.user3.userId;
  const [record, setRecord] = useState<SoftKeyRecord | null | undefined>(undefined);
  const [algorithm, setAlgorithm] = useState<UkeyAlgorithm>('SM2');
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { state, run } = useTestSignature();
  // Spec section 7, GET /v1/auth/cfca/controls/enable: the platform may switch the certificate kit off.
  const [controls, setControls] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    fetchCfcaControlsEnabled()
      .then((enabled) => live && setControls(enabled))
      .catch(() => live && setControls(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    store
      .get(owner)
      .then((r) => setRecord(r ?? null))
      .catch(() => setRecord(null));
  }, [owner]);

  const create = useCallback(async () => {
    setCreating(true);
    setError(null);
    try {
      setRecord(await createSoftKey(owner, algorithm, store));
    } catch (e) {
      setError(`软证书生成失败：${(e as Error).message}`);
    } finally {
      setCreating(false);
    }
  }, [owner, algorithm]);

  const verify = (): void => {
    void run(createUkeySigner({ driver: createSoftKeyDriver(owner, store), bank: 'SCF' }), {
      scope: 'identify/soft-key',
    });
  };

  if (state.phase === 'verified') {
    return (
      <div data-testid="identify-success">
        <Result
          status="success"
          title="身份认证成功"
          subTitle={`软证书（${state.verified.ukeyNo}，${ALGORITHM_LABEL[state.verified.algorithmType]}）签名已通过平台验证。`}
          extra={<SoftCaProject ukeyNo={state.verified.ukeyNo} />}
        />
      </div>
    );
  }
  if (controls === false)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="soft-key-disabled"
        message="平台暂未启用证书控件，暂不能使用软证书，请使用UKEY认证。"
      />
    );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        软证书在本浏览器中生成并保存，私钥不会离开本机。更换浏览器或清除浏览器数据后需重新生成。
      </Typography.Paragraph>
      {record ? (
        <Descriptions bordered size="small" column={2} data-testid="soft-key-info">
          <Descriptions.Item label="证书编号">{record.ukeyNo}</Descriptions.Item>
          <Descriptions.Item label="签名算法">{ALGORITHM_LABEL[record.algorithm]}</Descriptions.Item>
          <Descriptions.Item label="证书序列号" span={2}>
            <code>{record.certSerial}</code>
          </Descriptions.Item>
          <Descriptions.Item label="颁发者" span={2}>
            {record.issuerDN}
          </Descriptions.Item>
          <Descriptions.Item label="证书主题" span={2}>
            {record.subjectDN}
          </Descriptions.Item>
        </Descriptions>
      ) : record === null ? (
        <Alert type="info" showIcon message="本浏览器中还没有您的软证书，请选择算法后生成。" />
      ) : null}
      <Space wrap>
        <Radio.Group
          value={algorithm}
          onChange={(e) => setAlgorithm(e.target.value as UkeyAlgorithm)}
          options={[
            { value: 'SM2', label: ALGORITHM_LABEL.SM2 },
            { value: 'RSA', label: ALGORITHM_LABEL.RSA },
          ]}
        />
        <Button
          data-testid="soft-key-create"
          loading={creating}
          onClick={() => void create()}
          type={record ? 'default' : 'primary'}
        >
          {record ? '重新生成软证书' : '生成软证书'}
        </Button>
        {record ? (
          <Button
            type="primary"
            data-testid="soft-key-verify"
            loading={state.phase === 'running'}
            onClick={verify}
          >
            软证书认证
          </Button>
        ) : null}
      </Space>
      {error ? <Alert type="error" showIcon message={error} data-testid="soft-key-error" /> : null}
      <SignResultView state={state} />
    </Space>
  );
}

/**
 * The credit product's signing project of a verified soft key (spec section 7,
 * POST /corp/v1/credits/signature/softCa/projectCode; ADR 0015).
 */
function SoftCaProject({ ukeyNo }: { ukeyNo: string }): React.JSX.Element {
  const [text, setText] = useState('正在开通信用凭证软证书签署…');
  useEffect(() => {
    let live = true;
    fetchSoftCaProjectCode(ukeyNo)
      .then((r) => live && setText(`信用凭证软证书签署项目编号：${r.projectCode}`))
      .catch(
        (e: unknown) => live && setText(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE),
      );
    return () => {
      live = false;
    };
  }, [ukeyNo]);
  return <Typography.Text data-testid="soft-ca-project">{text}</Typography.Text>;
}

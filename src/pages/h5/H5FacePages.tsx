import { Alert, Button, ConfigProvider, Radio, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api';
import { captureFace, fetchFaceCheck, type FaceCheckView } from '@/pages/register/registerApi';
import { PUBLIC_PAGE_THEME } from '@/pages/register/RegisterLayout';
import './h5.css';

/** The phone-width frame of the h5 pages. */
function H5Page(props: { testId: string; children: ReactNode }): React.JSX.Element {
  return (
    <ConfigProvider theme={PUBLIC_PAGE_THEME}>
      <div className="h5-page" data-testid={props.testId}>
        {props.children}
      </div>
    </ConfigProvider>
  );
}

/**
 * /h5/face?token=…: the legal person's face check on a phone (a mobile-width page, no login: the check's
 * token is the key). With the emulated provider the page offers the outcome to emulate.
 */
export function H5FacePage(): React.JSX.Element {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [check, setCheck] = useState<FaceCheckView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emulate, setEmulate] = useState<'MATCH' | 'MISMATCH'>('MATCH');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!token) {
      setError('人脸识别链接无效，请在电脑端重新发起认证');
      return;
    }
    fetchFaceCheck(token)
      .then((c) => {
        if (c.state === 'VERIFIED') navigate('/h5/face_success', { replace: true });
        else if (c.state === 'FAILED')
          navigate(`/h5/face_err?reason=${encodeURIComponent(c.reason ?? '')}`, { replace: true });
        else setCheck(c);
      })
      .catch((e: unknown) => setError(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE));
  }, [token, navigate]);

  const start = async (): Promise<void> => {
    setBusy(true);
    try {
      const result = await captureFace(token, emulate);
      if (result.state === 'VERIFIED') navigate('/h5/face_success', { replace: true });
      else navigate(`/h5/face_err?reason=${encodeURIComponent(result.reason ?? '')}`, { replace: true });
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
      setBusy(false);
    }
  };

  if (error) {
    return (
      <H5Page testId="h5-face">
        <Result status="warning" title="无法进行人脸识别" subTitle={error} />
      </H5Page>
    );
  }
  if (!check) {
    return (
      <H5Page testId="h5-face">
        <Spin />
      </H5Page>
    );
  }
  return (
    <H5Page testId="h5-face">
      <h1 className="h5-title">人脸识别</h1>
      <div>
        请 <b data-testid="h5-person">{check.personName}</b> 本人完成人脸识别，以核验法定代表人身份。
      </div>
      <div className="h5-face-frame">请将面部置于框内</div>
      <ul className="h5-tips">
        <li>请在光线充足的环境下进行</li>
        <li>请勿佩戴帽子、墨镜、口罩</li>
        <li>按提示完成眨眼、张嘴等动作</li>
      </ul>
      {check.emulated && (
        <div className="h5-emulator" data-testid="h5-emulator">
          <Alert type="warning" showIcon message="测试环境：人脸识别服务为仿真服务，请选择仿真的比对结果" />
          <Radio.Group
            style={{ marginTop: 8 }}
            value={emulate}
            onChange={(e) => setEmulate(e.target.value as 'MATCH' | 'MISMATCH')}
            options={[
              { value: 'MATCH', label: '比对通过' },
              { value: 'MISMATCH', label: '比对不通过' },
            ]}
          />
        </div>
      )}
      <Button
        type="primary"
        size="large"
        block
        loading={busy}
        onClick={() => void start()}
        data-testid="h5-start"
      >
        开始识别
      </Button>
    </H5Page>
  );
}

/** /h5/face_success: the face check passed. */
export function H5FaceSuccessPage(): React.JSX.Element {
  return (
    <H5Page testId="h5-face-success">
      <Result
        status="success"
        title="人脸识别通过"
        subTitle="法定代表人身份核验成功，请返回电脑端继续操作。"
      />
    </H5Page>
  );
}

/** /h5/face_err: the face check failed (the reason from the provider). */
export function H5FaceErrPage(): React.JSX.Element {
  const [params] = useSearchParams();
  const reason = params.get('reason');
  return (
    <H5Page testId="h5-face-err">
      <Result
        status="error"
        title="人脸识别未通过"
        subTitle={`${reason ? `${reason}。` : ''}请返回电脑端重新发起认证。`}
      />
    </H5Page>
  );
}

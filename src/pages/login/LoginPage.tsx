import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiRequestError, BROWSER_TIP_MESSAGE, login, loginSuccessUrl, NETWORK_ERROR_MESSAGE, STORAGE_KEYS } from '@/api';
import { BrandFooter } from '@/shell/BrandFooter';
import { isUnsupportedBrowser, safeRedirectTarget } from './browserTip';
import { usePlatform } from '@/session/PlatformContext';
import './login.css';

interface LoginForm {
  username: string;
  password: string;
}

/** The login page of /login/login and /login/abs/login, branded by the host's platform config. */
export function LoginPage(): React.JSX.Element {
  const { config } = usePlatform();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const unsupported = isUnsupportedBrowser(navigator.userAgent);

  const onFinish = async (values: LoginForm): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      await login(values.username.trim(), values.password);
      window.localStorage.setItem(STORAGE_KEYS.loginPageUrl, config.loginUrl);
      const target = safeRedirectTarget(params.get('redirect')) ?? (await loginSuccessUrl());
      navigate(target.replace(/^\/cv3/, ''), { replace: true });
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
      setBusy(false);
    }
  };

  return (
    <div className="login-page" data-testid="login-page">
      <header className="login-top" style={{ background: config.topBarColor, color: config.topBarWordColor }}>
        <img className="login-logo" src={config.platformLogo} alt={config.platformName ?? '平台标志'} data-testid="brand-logo" />
        <span className="login-top-slogan" data-testid="top-slogan">
          {config.topSlogan}
        </span>
      </header>
      {unsupported && (
        <Alert type="warning" banner showIcon message={BROWSER_TIP_MESSAGE} data-testid="browser-tip" />
      )}
      <main className="login-main">
        <section className="login-banner" style={{ background: `linear-gradient(135deg, ${config.topBarColor}, #ffffff00)` }}>
          <h1 data-testid="slogan">{config.slogan}</h1>
          <p>{config.platformName}</p>
        </section>
        <section className="login-card">
          <h2>用户登录</h2>
          <Form<LoginForm> layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} disabled={busy}>
            <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
              <Input autoComplete="username" placeholder="请输入用户名" data-testid="login-username" maxLength={50} />
            </Form.Item>
            <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Input.Password autoComplete="current-password" placeholder="请输入密码" data-testid="login-password" maxLength={20} />
            </Form.Item>
            {error && <Alert type="error" showIcon message={error} data-testid="login-error" style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit" style={{ background: config.topBarColor }}>
              登录
            </Button>
          </Form>
          <div className="login-links">
            <a href={`/cv3${config.registerUrl}`}>企业注册</a>
            <a href="/cv3/register/reset-password">忘记密码</a>
          </div>
        </section>
      </main>
      <BrandFooter />
    </div>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ApiRequestError,
  BROWSER_TIP_MESSAGE,
  inlineLoginTarget,
  login,
  loginSuccessUrl,
  loginWithToken,
  NETWORK_ERROR_MESSAGE,
  platformLogoUrl,
  STORAGE_KEYS,
} from '@/api';
import { BrandFooter } from '@/shell/BrandFooter';
import { isUnsupportedBrowser, safeRedirectTarget } from './browserTip';
import { usePlatform } from '@/session/PlatformContext';
import { loadPortalRoutes } from '@/router/portalRoutesLoader';
import './login.css';

interface LoginForm {
  username: string;
  password: string;
}

/** Field messages of an empty form (the page avoids antd Form to keep its first load small). */
function missing(values: LoginForm): Partial<Record<keyof LoginForm, string>> {
  return {
    ...(values.username.trim() ? {} : { username: '请输入用户名' }),
    ...(values.password ? {} : { password: '请输入密码' }),
  };
}

/**
 * The login page of /login/login and /login/abs/login, branded by the host's platform config. Plain form
 * elements, no antd components: the page's first load stays small (PERFORMANCE.md: ≤ 180 kB gzip).
 */
export function LoginPage(): React.JSX.Element {
  const { config } = usePlatform();
  const [error, setError] = useState<string | null>(null);
  const [values, setValues] = useState<LoginForm>({ username: '', password: '' });
  const [showPassword, setShowPassword] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof LoginForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const unsupported = isUnsupportedBrowser(navigator.userAgent);

  // Spec section 7, GET /login: a session logged in inline by another system goes on without the form.
  // A user token in the address (`?token=`, handed over by another window or version) logs in by it once the
  // session exists (spec section 7, `POST {token}` then the form GET to /uaa/login/success; ADR 0015).
  const token = params.get('token');
  useEffect(() => {
    let live = true;
    inlineLoginTarget()
      .then(async (target) => {
        if (!live) return;
        if (target) window.location.assign(target);
        else if (token) await loginWithToken(token);
      })
      .catch((e: unknown) => {
        if (live && token) setError(e instanceof ApiRequestError ? e.message : NETWORK_ERROR_MESSAGE);
      });
    return () => {
      live = false;
    };
  }, [token]);

  const onSubmit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    const errors = missing(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    // The next screen's routes load beside the login request (src/router/router.tsx); a failure shows there.
    loadPortalRoutes().catch(() => undefined);
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
        <img
          className="login-logo"
          src={platformLogoUrl()}
          alt={config.platformName ?? '平台标志'}
          data-testid="brand-logo"
        />
        <span className="login-top-slogan" data-testid="top-slogan">
          {config.topSlogan}
        </span>
      </header>
      {unsupported && (
        <div className="login-browser-tip" role="alert" data-testid="browser-tip">
          {BROWSER_TIP_MESSAGE}
        </div>
      )}
      <main className="login-main">
        <section
          className="login-banner"
          style={{ background: `linear-gradient(135deg, ${config.topBarColor}, #ffffff00)` }}
        >
          <h1 data-testid="slogan">{config.slogan}</h1>
          <p>{config.platformName}</p>
        </section>
        <section className="login-card">
          <h2>用户登录</h2>
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <label className="login-label" htmlFor="login-username">
              用户名
            </label>
            <input
              id="login-username"
              className={`login-input${fieldErrors.username ? ' login-input-error' : ''}`}
              autoComplete="username"
              placeholder="请输入用户名"
              data-testid="login-username"
              maxLength={50}
              disabled={busy}
              value={values.username}
              onChange={(e) => setValues((v) => ({ ...v, username: e.target.value }))}
            />
            <div className="login-field-error">{fieldErrors.username}</div>
            <label className="login-label" htmlFor="login-password">
              密码
            </label>
            <div className="login-password">
              <input
                id="login-password"
                className={`login-input${fieldErrors.password ? ' login-input-error' : ''}`}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                placeholder="请输入密码"
                data-testid="login-password"
                maxLength={20}
                disabled={busy}
                value={values.password}
                onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
              />
              <button
                type="button"
                className="login-eye"
                aria-label={showPassword ? '隐藏密码' : '显示密码'}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? '隐藏' : '显示'}
              </button>
            </div>
            <div className="login-field-error">{fieldErrors.password}</div>
            {error && (
              <div className="login-error" role="alert" data-testid="login-error">
                {error}
              </div>
            )}
            <button
              type="submit"
              className="login-submit"
              disabled={busy}
              data-testid="login-submit"
              style={{ background: config.topBarColor }}
            >
              {busy ? '登录中…' : '登录'}
            </button>
          </form>
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

import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Checkbox, Descriptions, Input, Result, Spin, Typography } from 'antd';
import { call, fetchLoginBootstrap, platformLogoUrl } from '@/api';
import { ApiRequestError, NETWORK_ERROR_MESSAGE } from '@/api/errors';
import { formatAmount, isCapitalConvertible, toChineseCapital } from '@renderer/core/format';
import { API } from '@contract/api';
import { validatePersonName } from '@renderer/core/validators';
import { usePlatform } from '@/session/PlatformContext';
import { BrandFooter } from '@/shell/BrandFooter';
import './publicLink.css';

/** What GET /v1/public-links/{kind} answers: the record's essentials, nothing else. */
interface LinkView {
  title: string;
  actionTitle: string;
  statusLabel: string;
  actionable: boolean;
  expiresAt: string;
  fields: Array<{ name: string; title: string; kind: string; value: unknown }>;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; view: LinkView }
  | { kind: 'done'; view: LinkView };

const messageOf = (e: unknown): string =>
  e instanceof ApiRequestError || e instanceof Error
    ? e.message || NETWORK_ERROR_MESSAGE
    : NETWORK_ERROR_MESSAGE;

function valueText(f: LinkView['fields'][number]): string {
  if (f.value === null || f.value === undefined || f.value === '') return '—';
  if (f.kind === 'money') return `${formatAmount(String(f.value))} 元`;
  return String(f.value);
}

/**
 * A public page opened from a one-time link (spec section 2: accounts-payable-sign / -confirm): no login;
 * the link's token shows one record's essentials and runs its one action once.
 */
function PublicLinkPage({ kind }: { kind: string }): React.JSX.Element {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? '';
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [signer, setSigner] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState('');
  const [signerError, setSignerError] = useState('');
  const { config } = usePlatform();

  useEffect(() => {
    let live = true;
    call<LinkView>(API.publicLink, { params: { kind }, query: { id, token } })
      .then((view) => live && setPhase({ kind: 'ready', view }))
      .catch((e: unknown) => live && setPhase({ kind: 'error', message: messageOf(e) }));
    return () => {
      live = false;
    };
  }, [kind, id, token]);

  const submit = useCallback(async () => {
    if (phase.kind !== 'ready') return;
    // The signer's name is checked as every person name is (spec section 5), next to its field.
    const name = signer.trim();
    const nameCheck = name ? validatePersonName(name) : '请填写签署人姓名';
    setSignerError(nameCheck === true ? '' : nameCheck);
    if (nameCheck !== true) return setFormError('');
    if (!agreed) return setFormError('请阅读并勾选同意后再提交');
    setFormError('');
    setBusy(true);
    try {
      await fetchLoginBootstrap();
      const done = await call<{ statusLabel: string }>(API.publicLinkAct, {
        params: { kind },
        body: { id, token, signerName: name, agreed },
      });
      setPhase({ kind: 'done', view: { ...phase.view, statusLabel: done.statusLabel, actionable: false } });
    } catch (e) {
      setFormError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }, [phase, signer, agreed, kind, id, token]);

  // The platform's brand above every state of the page (spec section 1: colours and logo from its config).
  const frame = (body: React.ReactNode): React.JSX.Element => (
    <div className="public-link">
      <header
        className="public-link-top"
        style={{ background: config.topBarColor, color: config.topBarWordColor }}
        data-testid="public-link-brand"
      >
        <img className="public-link-logo" src={platformLogoUrl()} alt={config.platformName ?? '平台标志'} />
        <span>{config.platformName}</span>
      </header>
      <main className="public-link-main">{body}</main>
      <BrandFooter />
    </div>
  );
  if (phase.kind === 'loading') return frame(<Spin style={{ display: 'block', margin: '120px auto' }} />);
  if (phase.kind === 'error')
    return frame(
      <div data-testid="public-link-error">
        <Result status="warning" title="无法办理" subTitle={phase.message} />
      </div>,
    );
  const { view } = phase;
  const amount = view.fields.find((f) => f.kind === 'money' && isCapitalConvertible(f.value));
  return frame(
    <div data-testid="public-link-page">
      <Card title={view.title}>
        <Descriptions column={{ xs: 1, sm: 2 }} bordered size="small">
          {view.fields.map((f) => (
            <Descriptions.Item key={f.name} label={f.title}>
              <span
                data-testid={`public-field-${f.name}`}
                className={f.kind === 'money' ? 'public-link-money' : undefined}
              >
                {valueText(f)}
              </span>
            </Descriptions.Item>
          ))}
          {amount ? (
            <Descriptions.Item label="大写金额">{toChineseCapital(String(amount.value))}</Descriptions.Item>
          ) : null}
          <Descriptions.Item label="状态">
            <span data-testid="public-link-status">{view.statusLabel}</span>
          </Descriptions.Item>
        </Descriptions>
        {phase.kind === 'done' ? (
          <div data-testid="public-link-done">
            <Result
              status="success"
              title={`${view.actionTitle}成功`}
              subTitle="该链接已失效，如有疑问请联系对方。"
            />
          </div>
        ) : view.actionable ? (
          <div style={{ marginTop: 24, maxWidth: 420 }}>
            <Typography.Paragraph>
              请核对以上信息，填写签署人姓名并勾选同意后{view.actionTitle}。本链接仅能使用一次。
            </Typography.Paragraph>
            <Input
              data-testid="public-signer"
              placeholder="请输入签署人姓名"
              maxLength={40}
              value={signer}
              status={signerError ? 'error' : undefined}
              aria-invalid={signerError ? true : undefined}
              onChange={(e) => {
                setSigner(e.target.value);
                setSignerError('');
              }}
            />
            {signerError ? (
              <Typography.Text type="danger" role="alert" data-testid="public-signer-error">
                {signerError}
              </Typography.Text>
            ) : null}
            <Checkbox
              data-testid="public-agree"
              style={{ margin: '12px 0' }}
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
            >
              本人已核对以上信息，同意{view.actionTitle}
            </Checkbox>
            {formError ? (
              <Typography.Paragraph type="danger" data-testid="public-link-form-error">
                {formError}
              </Typography.Paragraph>
            ) : null}
            <div>
              <Button type="primary" loading={busy} data-testid="public-submit" onClick={() => void submit()}>
                {view.actionTitle}
              </Button>
            </div>
          </div>
        ) : (
          <Result status="info" title={`当前状态（${view.statusLabel}）不能${view.actionTitle}`} />
        )}
      </Card>
    </div>,
  );
}

/** /factoring/reverse/accounts-payable-sign: the supplier signs a payable the core confirmed. */
export function AccountsPayableSignPage(): React.JSX.Element {
  return <PublicLinkPage kind="accounts-payable-sign" />;
}

/** /factoring/reverse/accounts-payable-confirm: the core confirms the assignment of a financed payable. */
export function AccountsPayableConfirmPage(): React.JSX.Element {
  return <PublicLinkPage kind="accounts-payable-confirm" />;
}

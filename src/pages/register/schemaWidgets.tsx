/**
 * The public forms' widgets for page schemas (registered in src/router/hostComponents.ts): the SMS code
 * with its 获取验证码 button, a new password with its strength hint, and the agreements read and accepted.
 */
import { useForm } from '@formily/react';
import { Button, Checkbox, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import {
  AGREEMENT_BOOKS,
  AGREEMENT_CODES,
  type AgreementBook,
  type SmsPurpose,
} from '@contract/registration';
import { PASSWORD_MAX_LENGTH } from '@renderer/core/validators';
import { PasswordStrengthHint } from './PasswordStrengthHint';
import { SmsCodeButton } from './SmsCodeButton';

interface FieldProps<T> {
  value?: T;
  onChange?: (value: T | undefined) => void;
  placeholder?: string;
  id?: string;
}

/**
 * 短信验证码 and 获取验证码: before a code is asked for, the form's `mobile` and the fields `alsoValidate`
 * names must pass; their trimmed values go with the request (the reset's `username`).
 */
export function SmsCodeInput(
  props: FieldProps<string> & { purpose?: SmsPurpose; alsoValidate?: string[] },
): React.JSX.Element {
  const form = useForm();
  const purpose = props.purpose ?? 'REGISTER';
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={props.id}
        value={props.value}
        maxLength={6}
        placeholder={props.placeholder ?? '请输入6位短信验证码'}
        onChange={(e) => props.onChange?.(e.target.value)}
      />
      <SmsCodeButton
        purpose={purpose}
        target={async () => {
          const names = [...(props.alsoValidate ?? []), 'mobile'];
          try {
            await Promise.all(names.map((name) => form.validate(name)));
          } catch {
            return null;
          }
          const text = (name: string): string => String(form.values[name] ?? '').trim();
          return {
            mobile: text('mobile'),
            ...(props.alsoValidate?.includes('username') ? { username: text('username') } : {}),
          };
        }}
      />
    </Space.Compact>
  );
}

/**
 * A new password (spec section 5's rule is the field's `x-validator`) with the strength hint under it
 * (`strength: false` for its confirmation, and for the old password with `autoComplete: current-password`).
 */
export function NewPasswordInput(
  props: FieldProps<string> & { strength?: boolean; autoComplete?: string },
): React.JSX.Element {
  return (
    <>
      <Input.Password
        id={props.id}
        value={props.value}
        maxLength={PASSWORD_MAX_LENGTH}
        autoComplete={props.autoComplete ?? 'new-password'}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange?.(e.target.value)}
      />
      {props.strength === false ? null : <PasswordStrengthHint value={props.value} />}
    </>
  );
}

/**
 * 我已阅读并同意 the agreements (contract/registration.ts), usable once each has been opened and read.
 * Its value is the accepted agreements' codes, empty until accepted, so `"required": true` asks for them.
 */
export function AgreementConsent(props: FieldProps<string[]>): React.JSX.Element {
  const [read, setRead] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<AgreementBook | null>(null);
  const allRead = AGREEMENT_CODES.every((c) => read.has(c));
  return (
    <>
      <Checkbox
        id={props.id}
        checked={Boolean(props.value?.length)}
        disabled={!allRead}
        onChange={(e) => props.onChange?.(e.target.checked ? [...AGREEMENT_CODES] : undefined)}
      >
        我已阅读并同意
      </Checkbox>
      {AGREEMENT_BOOKS.map((a) => (
        <a
          key={a.code}
          href={`#${a.code}`}
          onClick={(e) => {
            e.preventDefault();
            setOpen(a);
          }}
        >
          {a.title}
        </a>
      ))}
      {allRead ? null : <div style={{ color: '#595959' }}>请先点击阅读全部协议</div>}
      <Modal
        open={open !== null}
        title={open?.title}
        width={720}
        onCancel={() => setOpen(null)}
        footer={
          <Button
            type="primary"
            onClick={() => {
              if (open) setRead((r) => new Set([...r, open.code]));
              setOpen(null);
            }}
          >
            我已阅读
          </Button>
        }
      >
        <div className="agreement-text">
          <p style={{ textIndent: 0, color: '#888' }}>版本：{open?.version}</p>
          {open?.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </Modal>
    </>
  );
}

import { PASSWORD_STRENGTH_LABELS, passwordStrength } from '@renderer/core/validators';

const LEVELS = ['weak', 'medium', 'strong'] as const;

/** The strength hint under a new password: three bars and 弱/中/强. */
export function PasswordStrengthHint({ value }: { value: string | undefined }): React.JSX.Element | null {
  if (!value) return null;
  const strength = passwordStrength(value);
  const level = LEVELS.indexOf(strength);
  return (
    <div className={`password-strength password-strength-${strength}`} data-testid="password-strength">
      密码强度：
      {LEVELS.map((l, i) => (
        <span key={l} className={`password-strength-bar${i <= level ? ' on' : ''}`} />
      ))}
      <span>{PASSWORD_STRENGTH_LABELS[strength]}</span>
    </div>
  );
}

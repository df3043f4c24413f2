import { passwordRuleText } from '../../lib/password-rules';
import { t } from '../../lib/i18n';
import { TextField } from './text-field';

/** What the two fields' problems are: the rules of docs/product.md §5, then the confirmation. */
export function newPasswordProblems(password: string, confirm: string): { password: string | null; confirm: string | null } {
  return { password: passwordRuleText(password), confirm: confirm !== password ? t('accountSecurity.password.mismatch') : null };
}

/** A new password and its confirmation (changing it, or choosing it from a reset link). */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  showErrors,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  showErrors: boolean;
}) {
  const problems = newPasswordProblems(password, confirm);
  return (
    <>
      <TextField
        label={t('accountSecurity.password.new')}
        type="password"
        autoComplete="new-password"
        revealable
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={problems.password}
        showError={showErrors}
      />
      <TextField
        label={t('accountSecurity.password.confirm')}
        type="password"
        autoComplete="new-password"
        revealable
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
        error={problems.confirm}
        showError={showErrors}
      />
    </>
  );
}

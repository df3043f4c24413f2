import {
  EMAIL_PATTERN,
  birthDateProblem,
  usernameProblem,
  type BirthDateProblem,
  type UsernameProblem,
} from '@wag/contract/account-rules';
import { t, type MessageKey } from '../../lib/i18n';
import { passwordRuleText } from '../../lib/password-rules';

export interface RegisterValues {
  username: string;
  birthDate: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, string>>;

const usernameMessages: Record<UsernameProblem, MessageKey> = {
  missing: 'auth.validation.usernameMissing',
  format: 'auth.validation.usernameFormat',
  reserved: 'auth.validation.usernameReserved',
};

const birthDateMessages: Record<BirthDateProblem, MessageKey> = {
  missing: 'auth.validation.birthDateMissing',
  invalid: 'auth.validation.birthDateInvalid',
  underage: 'auth.validation.birthDateUnderage',
};

/** The problem of each field, with the texts of docs/product.md §5 (rules from @wag/contract/auth). */
export function registerErrors(values: RegisterValues, today = new Date()): RegisterErrors {
  const errors: RegisterErrors = {};

  const username = usernameProblem(values.username);
  if (username) errors.username = t(usernameMessages[username]);

  const birthDate = birthDateProblem(values.birthDate, today);
  if (birthDate) errors.birthDate = t(birthDateMessages[birthDate]);

  const email = values.email.trim();
  if (!email) errors.email = t('auth.validation.emailMissing');
  else if (!EMAIL_PATTERN.test(email)) errors.email = t('auth.validation.emailInvalid');

  const password = passwordRuleText(values.password);
  if (password) errors.password = password;

  if (values.confirmPassword !== values.password) errors.confirmPassword = t('auth.validation.passwordMismatch');

  return errors;
}

/** The browser's own message for the date input (docs/product.md §5 native messages). */
export function birthDateNativeMessage(value: string, today = new Date()): string | null {
  const problem = birthDateProblem(value, today);
  if (problem === 'missing') return t('auth.validation.birthDateMissing');
  if (problem === 'underage') return t('auth.validation.birthDateNativeUnderage');
  if (problem === 'invalid') return t('auth.validation.birthDateInvalid');
  return null;
}

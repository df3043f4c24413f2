import { passwordProblem, type PasswordProblem } from '@wag/contract/account-rules';
import { t, type MessageKey } from './i18n';

const messages: Record<PasswordProblem, MessageKey> = {
  short: 'auth.validation.passwordShort',
  whitespace: 'auth.validation.passwordWhitespace',
  characters: 'auth.validation.passwordCharacters',
};

/** What is wrong with a chosen password, in the texts of docs/product.md §5; null when it keeps every rule. */
export function passwordRuleText(password: string): string | null {
  if (!password) return t('auth.validation.passwordMissing');
  const problem = passwordProblem(password);
  return problem ? t(messages[problem]) : null;
}

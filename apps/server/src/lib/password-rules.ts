import { passwordProblem } from '@wag/contract/account-rules';
import { messages } from './messages.js';

/** The Spanish message for a password that breaks a rule of docs/product.md §5, or null when it keeps them all. */
export function passwordRuleMessage(password: string): string | null {
  const problem = passwordProblem(password);
  if (problem === 'short') return messages.passwordShort;
  if (problem === 'whitespace') return messages.passwordWhitespace;
  if (problem === 'characters') return messages.passwordCharacters;
  return null;
}

import { currentLocale } from './i18n';
import { numberFormat } from './intl';

// Its own module: only the lazily loaded money screens use it, so it stays off the first screen.

/**
 * An amount in cents of `currency` as the interface language writes money: '4,99 US$' in Spanish,
 * '$4.99' in English. Whole amounts keep their two decimals, as prices do.
 */
export function formatMoney(cents: number, currency: string): string {
  const amount = cents / 100;
  try {
    return numberFormat(currentLocale(), { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // An unknown currency code: the number and the code.
    return `${numberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** localStorage flags: set once the visitor accepts, so the gates do not come back. */
export const CONSENT_KEY = 'wag.consentAccepted';
export const AGE_KEY = 'wag.ageConfirmed';

/** Where a visitor who declines is sent (docs/product.md §1: an external search site). */
export const LEAVE_URL = 'https://www.google.com';

export function isAccepted(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function remember(key: string): void {
  try {
    window.localStorage.setItem(key, '1');
  } catch {
    // Without storage the gate simply shows again next time.
  }
}

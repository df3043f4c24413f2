import { useQuery } from '@tanstack/react-query';
import { usernameProblem } from '@wag/contract/account-rules';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usernameCheckQuery } from '../api/use-personal-info';

/** docs/product.md §4 and §9: the check runs 500 ms after typing stops. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;

export type UsernameAvailability =
  | { state: 'available'; checked: boolean }
  | { state: 'checking' }
  | { state: 'unavailable'; message: string | null }
  | { state: 'invalid' };

/**
 * Whether `value` can be the account's username. It starts (and stays, for the original name)
 * available; a changed, well-formed name is asked about once typing pauses.
 */
export function useUsernameAvailability(value: string, original: string): UsernameAvailability {
  const name = value.trim();
  const settled = useDebouncedValue(name, USERNAME_CHECK_DEBOUNCE_MS);
  const unchanged = name === original;
  // Reserved names are left to the server, which says why in its own words.
  const problem = usernameProblem(name);
  const wellFormed = problem === null || problem === 'reserved';
  const ask = !unchanged && wellFormed && settled === name && settled !== '';

  const check = useQuery({ ...usernameCheckQuery(settled), enabled: ask });

  if (unchanged) return { state: 'available', checked: false };
  if (!wellFormed) return { state: 'invalid' };
  if (settled !== name || check.isPending) return { state: 'checking' };
  if (check.data && !check.data.available) return { state: 'unavailable', message: check.data.message };
  return { state: 'available', checked: true };
}

import type { FollowEntry } from '@wag/contract/profiles';

/** Lower case without accents, so 'jose' finds 'José' as the server's search does. */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * docs/product.md §5 "List search": the trimmed text, without regard to case, as a substring of the
 * full name or the username. An empty search keeps everyone.
 */
export function filterPeople<T extends Pick<FollowEntry, 'username' | 'fullName'>>(people: T[], search: string): T[] {
  const needle = foldText(search.trim());
  if (!needle) return people;
  return people.filter(
    (person) => foldText(person.username).includes(needle) || foldText(person.fullName ?? '').includes(needle),
  );
}

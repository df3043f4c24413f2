import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * One truth per post and per person, whatever screen shows them (after Bluesky's social-app
 * "shadows"). A like, save or follow shows at once on every screen holding that post or person: while
 * it is on its way to the server, its wanted state is a shadow laid over every cached copy; once the
 * server has answered, the answer is written into every cached copy and the shadow is lifted.
 *
 * Features own their data's shape: each one registers, from its `api/`, how to find a post or a
 * person in the data of its queries and write a change into it (a `CacheFinder`). Nothing here knows
 * what a feed page or a profile looks like.
 */

/** What every screen may show of a post and change at once. */
export interface PostFacets {
  isLiked?: boolean;
  likes?: number;
  isSaved?: boolean;
}

/** What every screen may show of a person and change at once. */
export interface PersonFacets {
  isFollowing?: boolean;
  followers?: number;
  following?: number;
  fullName?: string | null;
  bio?: string | null;
  picture?: string | null;
}

/** A change to the facets of one cached copy, given what that copy holds. */
export type FacetsPatch<F> = (facets: F) => F;

/**
 * How one feature finds a post or person in the data of its queries (all the queries under
 * `queryKey`) and writes a change into it. `update` returns `data` itself when nothing in it matched,
 * so untouched queries do not re-render.
 */
export interface CacheFinder<F> {
  queryKey: QueryKey;
  update: (data: unknown, id: string, patch: FacetsPatch<F>) => unknown;
  /**
   * The change may add or remove whole rows of these queries (someone followed appears in a
   * following list): mark them stale, read again when next shown.
   */
  staleAfterChange?: boolean;
}

export interface ShadowKind<F extends object> {
  /** Called by a feature's api module: how to find this kind of item in that feature's queries. */
  register(finder: CacheFinder<F>): void;
  /** Lays wanted facets over every copy of the item (merged with the shadow it may already have). */
  setShadow(id: string, facets: F): void;
  /** Lifts some facets of the item's shadow (a like settled while its save is still on its way). */
  liftShadow(id: string, facets: ReadonlyArray<keyof F>): void;
  /** Writes a change into every cached copy of the item, through every registered finder. */
  write(queryClient: QueryClient, id: string, patch: FacetsPatch<F>): void;
  /** The item's facets as the screen should show them: its own, with the shadow over them. */
  useFacets<T extends F>(id: string, own: T): T;
  /** Registers infinite queries whose pages hold a list of these items (see pagedListFinder). */
  registerPagedList<T extends object>(options: PagedListOptions<F, T>): void;
}

function createShadowKind<F extends object>(normalize: (id: string) => string): ShadowKind<F> {
  const finders: CacheFinder<F>[] = [];
  const shadows = new Map<string, F>();
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    register(finder) {
      finders.push(finder);
    },
    setShadow(id, facets) {
      const key = normalize(id);
      shadows.set(key, { ...shadows.get(key), ...facets });
      for (const listener of listeners) listener();
    },
    liftShadow(id, facets) {
      const key = normalize(id);
      const shadow = shadows.get(key);
      if (!shadow) return;
      const rest = { ...shadow };
      for (const facet of facets) delete rest[facet];
      if (Object.keys(rest).length > 0) shadows.set(key, rest);
      else shadows.delete(key);
      for (const listener of listeners) listener();
    },
    write(queryClient, id, patch) {
      const key = normalize(id);
      for (const finder of finders) {
        queryClient.setQueriesData({ queryKey: finder.queryKey }, (data: unknown) => (data === undefined ? data : finder.update(data, key, patch)));
        if (finder.staleAfterChange) void queryClient.invalidateQueries({ queryKey: finder.queryKey, refetchType: 'none' });
      }
    },
    registerPagedList(options) {
      finders.push(pagedListFinder(options));
    },
    useFacets<T extends F>(id: string, own: T): T {
      const key = normalize(id);
      const shadow = useSyncExternalStore(
        subscribe,
        useCallback(() => shadows.get(key), [key]),
        () => undefined,
      );
      return shadow ? { ...own, ...shadow } : own;
    },
  };
}

/** Posts, by id. */
export const postShadows = createShadowKind<PostFacets>((id) => id);

/** People, by username in any case. */
export const personShadows = createShadowKind<PersonFacets>((username) => username.toLowerCase());

/**
 * A list with the matching items changed, or the same list when none matched (so a finder can
 * return its data untouched).
 */
export function mapMatching<T>(items: readonly T[], matches: (item: T) => boolean, change: (item: T) => T): T[] {
  let changed = false;
  const next = items.map((item) => {
    if (!matches(item)) return item;
    changed = true;
    return change(item);
  });
  return changed ? next : (items as T[]);
}

/** The pages of infinite-query data with one page field mapped, or the same data when nothing changed. */
export function mapPages<P>(data: unknown, change: (page: P) => P): unknown {
  const pages = (data as { pages?: P[] } | null)?.pages;
  if (!Array.isArray(pages)) return data;
  const next = mapMatching(pages, () => true, change);
  return next.every((page, index) => page === pages[index]) ? data : { ...(data as object), pages: next };
}

/**
 * Where a shape keeps each facet: e.g. a follower-list row keeps `isFollowing` in `isFollowedByMe`
 * and `picture` in `profilePictureUrl`. Facets a shape does not show are left out.
 */
export type FacetFields<F, T> = { [K in keyof F]?: keyof T & string };

/** One item of a shape with a patch applied through its field names (the same item when nothing changed). */
export function patchFields<F extends object, T extends object>(item: T, fields: FacetFields<F, T>, patch: FacetsPatch<F>): T {
  const entries = Object.entries(fields) as Array<[keyof F & string, keyof T & string]>;
  const facets = Object.fromEntries(entries.map(([facet, field]) => [facet, item[field]])) as F;
  const next = patch(facets);
  let changed = false;
  const copy = { ...item } as Record<string, unknown>;
  for (const [facet, field] of entries) {
    const value = next[facet];
    if (value !== undefined && value !== item[field]) {
      copy[field] = value;
      changed = true;
    }
  }
  return changed ? (copy as T) : item;
}

/**
 * A finder for infinite queries whose pages hold a list of items (a feed's `items`, search's `posts`):
 * the item whose `idOf` is the changed id gets the patch through `fields`.
 */
export interface PagedListOptions<F, T> {
  queryKey: QueryKey;
  /** The page field holding the list. */
  list: string;
  idOf: (item: T) => string;
  fields: FacetFields<F, T>;
  staleAfterChange?: boolean;
}

function pagedListFinder<F extends object, T extends object>(options: PagedListOptions<F, T>): CacheFinder<F> {
  return {
    queryKey: options.queryKey,
    staleAfterChange: options.staleAfterChange,
    update: (data, id, patch) =>
      mapPages<Record<string, unknown>>(data, (page) => {
        const items = page[options.list] as T[] | undefined;
        if (!Array.isArray(items)) return page;
        const next = mapMatching(items, (item) => options.idOf(item) === id, (item) => patchFields(item, options.fields, patch));
        return next === items ? page : { ...page, [options.list]: next };
      }),
  };
}

import { vi, type MockInstance } from 'vitest';
import { jsonResponse } from './render-routes';
import type { FollowEntry, PostSummary, ProfileResponse, WagStar } from '@wag/contract/profiles';

export function makePost(overrides: Partial<PostSummary> = {}): PostSummary {
  const id = overrides.id ?? `p${Math.random().toString(36).slice(2, 8)}`;
  const quicky = overrides.post_type === 'quicky';
  return {
    id,
    slug: overrides.slug ?? `post-${id}`,
    post_type: 'grid',
    media_type: quicky ? 'video' : 'image',
    visibility: 'public',
    status: 'ready',
    locked: false,
    media_url: `/media/${id}.jpg`,
    image_url: quicky ? null : `/media/${id}.jpg`,
    video_url: quicky ? `/media/${id}.mp4` : null,
    thumbnail_url: `/media/${id}-thumb.jpg`,
    video_thumbnail_url: quicky ? `/media/${id}-poster.jpg` : null,
    cover_url: null,
    media_count: 1,
    width: 1080,
    height: quicky ? 1920 : 1080,
    duration_ms: quicky ? 12000 : null,
    title: null,
    body: '',
    likes: 0,
    views: 0,
    comments: 0,
    created_at: '2026-11-01T10:00:00.000Z',
    user: { username: 'valeria_rios', full_name: 'Valeria Ríos', picture: null },
    ...overrides,
  };
}

export function makeProfile(
  overrides: Partial<Omit<ProfileResponse, 'user'>> & { user?: Partial<ProfileResponse['user']> } = {},
): ProfileResponse {
  const { user, ...rest } = overrides;
  return {
    success: true,
    stats: { followers: 10, following: 3, posts: 2 },
    posts: [],
    postsNextCursor: null,
    isFollowing: false,
    isOwner: false,
    ...rest,
    user: {
      id: 'u1',
      username: 'valeria_rios',
      fullName: 'Valeria Ríos',
      bio: 'Creadora de contenido.',
      profilePictureUrl: null,
      isVerified: true,
      hasActiveStories: false,
      ...user,
    },
  };
}

export function makeEntry(overrides: Partial<FollowEntry> = {}): FollowEntry {
  const username = overrides.username ?? 'camila_ortega';
  return {
    id: `id-${username}`,
    username,
    fullName: 'Camila Ortega',
    profilePictureUrl: null,
    isVerified: false,
    isFollowedByMe: false,
    isMe: false,
    ...overrides,
  };
}

export function makeStar(overrides: Partial<WagStar> = {}): WagStar {
  const username = overrides.username ?? 'lucia_moda';
  return {
    id: `id-${username}`,
    username,
    fullName: 'Lucía Moda',
    bio: 'Moda y estilo.',
    profilePictureUrl: null,
    isVerified: true,
    followers: 1200,
    posts: 14,
    isFollowedByMe: false,
    ...overrides,
  };
}

export const meResponse = (username = 'demo') => ({
  success: true,
  user: { id: 'me', username, fullName: 'Demo WAG', email: `${username}@wag.test`, profilePictureUrl: null, isVerified: false },
});

export function signIn(username = 'demo') {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('username', username);
}

/** A deferred promise, to hold a request open while the test looks at the screen. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Handler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Answers fetch by "METHOD /path?query" (or "METHOD /path" for any query): a function gives the
 * Response, anything else is sent as a 200 JSON body. Unknown calls get a 404.
 */
export function mockApi(routes: Record<string, Handler | object>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${url.split('?')[0]}`];
    if (handler === undefined) return jsonResponse(404, { success: false, message: 'Recurso no encontrado.' });
    return typeof handler === 'function' ? (handler as Handler)(init, url) : jsonResponse(200, handler);
  });
}

/** The calls made so far, as "METHOD /path?query". */
export function calls(fetchMock: MockInstance<typeof fetch>): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

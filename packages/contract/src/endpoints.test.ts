import { describe, expect, expectTypeOf, it } from 'vitest';
import type { MeResponse } from './auth.js';
import { endpoints, type Body, type Endpoint, type EndpointName, type Input, type Params, type Query, type Response } from './endpoints.js';
import type { LiveEvent } from './messages.js';
import type { FeedResponse, NewCommentBody } from './posts.js';
import type { ProfileResponse } from './profiles.js';
import { routes } from './routes.js';

describe('endpoints', () => {
  it('describes exactly the calls of the route table', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
  });

  it('has a params schema exactly where the path has placeholders', () => {
    for (const [name, { path }] of Object.entries(routes)) {
      const endpoint: Endpoint = endpoints[name as EndpointName];
      expect(endpoint.params !== undefined, name).toBe(path.includes(':'));
    }
  });

  it('gives clients the types of each call without their importing zod', () => {
    expectTypeOf<Params<'profile'>>().toEqualTypeOf<{ username: string }>();
    expectTypeOf<Response<'profile'>>().toEqualTypeOf<ProfileResponse>();
    expectTypeOf<Response<'me'>>().toEqualTypeOf<MeResponse>();
    expectTypeOf<Response<'feed'>>().toEqualTypeOf<FeedResponse>();
    expectTypeOf<Response<'live'>>().toEqualTypeOf<LiveEvent>();
    expectTypeOf<Params<'feed'>>().toEqualTypeOf<undefined>();
    // Query strings are typed as written: numbers, not the strings the server coerces.
    expectTypeOf<Query<'userPosts'>>().toEqualTypeOf<{ cursor?: string; limit?: number; post_type?: 'grid' | 'quicky' | 'vip' }>();
    expectTypeOf<Body<'addComment'>>().toEqualTypeOf<NewCommentBody>();
    expectTypeOf<Body<'feed'>>().toEqualTypeOf<undefined>();
    expectTypeOf<FormData>().toExtend<Body<'createPost'>>();
    expectTypeOf<{ params: { username: string } }>().toExtend<Input<'profile'>>();
    expectTypeOf<object>().not.toExtend<Input<'profile'>>();
    expectTypeOf<object>().toExtend<Input<'markNotificationsRead'>>();
    expectTypeOf<{ params: { id: string }; body: { text: string } }>().toExtend<Input<'addComment'>>();
  });
});

import { endpoints } from '@wag/contract/endpoints';
import { profileResponse } from '@wag/contract/profiles';
import { notificationsResponse } from '@wag/contract/notifications';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseStringify, createSerializerCompiler } from './serializer.js';

const person = { username: 'ana', full_name: null, picture: null, isVerified: false, isFollowedByMe: true };
const line = { id: '1', type: 'follow', actor: person, othersCount: 0, target: null, text: null, created_at: '2026-11-22T12:00:00.000Z', read: false };

function zodWrites(schema: z.ZodType, data: unknown): string {
  return JSON.stringify(schema.parse(data));
}

describe('responses written from their schemas', () => {
  it('compiles every response schema of the contract', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if ('parse' in endpoint.response) expect(() => compileResponseStringify(endpoint.response as z.ZodType), name).not.toThrow();
    }
  });

  it('never writes a field outside the schema, at any depth', () => {
    const stringify = compileResponseStringify(notificationsResponse);
    const written = JSON.parse(
      stringify({ items: [{ ...line, password_hash: 'x', actor: { ...person, email: 'ana@wag.test' } }], nextCursor: null, secret: 's' }),
    );
    expect(written).toEqual({ items: [line], nextCursor: null });
  });

  it('writes the same text as zod then JSON.stringify: key order, nulls, optional fields present or absent', () => {
    const stringify = compileResponseStringify(notificationsResponse);
    const cases = [
      { items: [line], nextCursor: null },
      { items: [{ ...line, detail: null }], nextCursor: 'c' },
      { items: [{ ...line, detail: 'renewed', target: { kind: 'post', slug: 's', postType: 'vip', thumbnail_url: null } }], nextCursor: null },
      { items: [{ ...line, detail: undefined, decision: { subjectType: 'post', action: 'takedown', reason: 'r "quoted" \u2028', until: null, final: true } }], nextCursor: null },
    ];
    for (const data of cases) expect(stringify(data)).toBe(zodWrites(notificationsResponse, data));
  });

  it('fails rather than answer without a required field', () => {
    const stringify = compileResponseStringify(profileResponse);
    expect(() => stringify({ success: true })).toThrow();
  });

  it('in check mode, refuses an answer zod would refuse or write differently', () => {
    const compile = createSerializerCompiler({ check: true });
    const write = compile({ schema: notificationsResponse, method: 'GET', url: '/api/notifications', httpStatus: '200' });
    expect(write({ items: [line], nextCursor: null })).toBe(zodWrites(notificationsResponse, { items: [line], nextCursor: null }));
    expect(() => write({ items: [{ ...line, othersCount: 1.5 }], nextCursor: null })).toThrow();
  });
});

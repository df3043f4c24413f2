import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { germanMessages } from '../../src/lib/messages-de.js';
import { englishMessages } from '../../src/lib/messages-en.js';
import { frenchMessages } from '../../src/lib/messages-fr.js';
import { messages } from '../../src/lib/messages.js';
import { createUser, type TestUser } from '../support/factories.js';
import { multipart } from '../support/multipart.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Drives every route of the OpenAPI description with malformed paths, queries and bodies, as a guest
 * and signed in, and checks that the server answers each with a 4xx `{ success: false, message }`
 * (or a success), never a 5xx, and is still whole afterwards. Requests are generated from a fixed
 * seed, so a failure replays; every violation is collected, so one run reports them all.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
/**
 * Requests per route and identity, and a quarter more for each query parameter, where most of the
 * combinations are. FUZZ_SEED and FUZZ_RUNS explore further by hand.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

interface JsonSchema {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query: Array<{ name: string; schema: JsonSchema }>;
  body: JsonSchema | null;
}

interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: JsonSchema }>; requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>>;
}

/** The calls that take multipart uploads, with the file and text fields each one reads. */
const UPLOADS: Record<string, { files: string[]; fields: string[] }> = {
  'POST /api/posts': { files: ['media', 'media[]'], fields: ['description', 'visibility', 'tags', 'contentType', 'postType', 'confirmConsent'] },
  'POST /api/stories': { files: ['media'], fields: ['audience', 'confirmConsent'] },
  'POST /api/verification/identity': { files: ['idFront', 'idBack', 'selfie'], fields: ['dob'] },
  'PUT /api/user/profile-picture': { files: ['profilePicture'], fields: [] },
};

/** docs/product.md §7 serves these without the /api prefix; the run must reach them too. */
const UNPREFIXED = ['PUT /user/personal-info', 'POST /follow/{username}', 'DELETE /follow/{username}'];

let t: TestApp;
let viewer: TestUser;
let creator: TestUser;
let leaver: TestUser;
let operations: Operation[];
/** Real usernames and ids, so that generated paths sometimes name something that exists. */
const known: { usernames: string[]; ids: string[]; slugs: string[] } = { usernames: [], ids: [], slugs: [] };
const images: { png: Buffer; truncatedPng: Buffer; jpeg: Buffer } = { png: Buffer.alloc(0), truncatedPng: Buffer.alloc(0), jpeg: Buffer.alloc(0) };

beforeAll(async () => {
  t = await createTestApp({ mediaWorker: false });
  viewer = await createUser(t);
  creator = await createUser(t);
  leaver = await createUser(t);

  const noise = Buffer.from(Array.from({ length: 64 * 64 * 3 }, (_, i) => (i * 7919) % 251));
  images.png = await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } }).png().toBuffer();
  images.truncatedPng = images.png.subarray(0, Math.floor(images.png.length * 0.6));
  images.jpeg = await sharp({ create: { width: 32, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();

  // Some real data: a post and a story of each user, a follow, a conversation and a comment.
  for (const user of [creator, viewer]) {
    const post = await t.request({ method: 'POST', url: '/api/posts', token: user.token, ...multipart([{ field: 'media', filename: 'a.png', contentType: 'image/png', data: images.png }], { description: 'Hola #fuzz' }) });
    expect(post.statusCode, post.body).toBe(201);
    const slug = (post.json() as { slug: string }).slug;
    const story = await t.request({ method: 'POST', url: '/api/stories', token: user.token, ...multipart([{ field: 'media', filename: 'a.jpg', contentType: 'image/jpeg', data: images.jpeg }]) });
    expect(story.statusCode, story.body).toBe(201);
    const postId = ((await t.request({ method: 'GET', url: `/api/posts/slug/${slug}` })).json() as { post: { id: string } }).post.id;
    known.slugs.push(slug);
    known.ids.push(postId, (story.json() as { story: { id: string } }).story.id, user.id);
  }
  expect((await t.request({ method: 'POST', url: `/api/follow/${creator.username}`, token: viewer.token })).statusCode).toBe(200);
  expect((await t.request({ method: 'POST', url: `/api/follow/${viewer.username}`, token: creator.token })).statusCode).toBe(200);
  expect((await t.request({ method: 'POST', url: `/api/conversations/${creator.username}/messages`, token: viewer.token, payload: { text: 'hola' } })).statusCode).toBe(200);
  const comment = await t.request({ method: 'POST', url: `/api/posts/${known.ids[0]}/comments`, token: viewer.token, payload: { text: 'qué bonito' } });
  expect(comment.statusCode, comment.body).toBe(201);
  known.ids.push((comment.json() as { comment: { id: string } }).comment.id);
  const group = await t.request({ method: 'POST', url: '/api/story-groups', token: viewer.token, payload: { name: 'Viajes' } });
  expect(group.statusCode, group.body).toBe(201);
  known.ids.push((group.json() as { group: { id: string } }).group.id, randomUUID());
  known.usernames.push(viewer.username, creator.username, leaver.username, 'nadie_aqui');

  const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
  operations = Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// Values

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const oddCharacter = fc.oneof(
  fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\u0085', '\u00a0', '\u200b', '\u200d', '\u202e', '\u2028', '\ufeff', '\ufffd', '\uffff', '\r', '\n', '\t', '%', '\\', '"', "'", '<', '&'),
  fc.constantFrom('🏳️‍🌈', '𝔘', 'ǅ', 'İ', 'ß', 'ﷺ', 'e\u0301', 'ñ', '٣', '\u{10ffff}', '\u{e0001}'),
  loneSurrogate,
);
/** Any code points, control characters, lone surrogates and odd unicode. */
const wildString = fc.string({ unit: fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) }, { weight: 2, arbitrary: oddCharacter }), maxLength: 30 });
const NASTY = [
  '', ' ', '\u0000', 'a\u0000b', 'null', 'undefined', 'true', '0', '-1', '-0', '1e308', '-1e308', '1e-400', 'NaN', 'Infinity',
  '99999999999999999999', '-9223372036854775809', '2147483648', '0x10', '1_000', '__proto__', 'constructor', 'prototype',
  '../../../etc/passwd', "' OR '1'='1", '%00', '%', '{}', '[]', '2020-99-99T99:99:99Z', '0000-00-00', '1899-02-30',
  '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '#', '@', '@@', '#'.repeat(40), ' \t\n ', '\u0000'.repeat(50),
];
const HUGE = ['x'.repeat(5_000), 'ñ'.repeat(70_000), '\u0000'.repeat(2_000), '🙂'.repeat(30_000), 'a '.repeat(20_000)];
const nastyString = fc.constantFrom(...NASTY);
const hugeString = fc.constantFrom(...HUGE);

const TIMESTAMPS = [
  '2020-99-99T99:99:99Z', '2026-02-30 12:00:00+00', '2026-11-22 24:00:00+00', '2026-11-22 12:60:00+00', '2026-11-22 12:00:60+00',
  '0000-01-01 00:00:00+00', '9999-12-31 23:59:59.999999+00', '2026-11-22 12:00:00+99:99', '2026-11-22 12:00:00.1234567+00',
  '2026-11-22T12:00:00Z', '2026-11-22 12:00:00', '1970-01-01 00:00:00+00', '2026-11-22 11:59:59.123456+00', 'mañana',
];
/** Real instants as PostgreSQL prints them, so that the rest of a cursor (a rank, an id) is read too. */
const realTimestamp = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().replace('T', ' ').replace('Z', '+00'));
const timestamp = fc.oneof(
  realTimestamp,
  fc.constantFrom(...TIMESTAMPS),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom('', '+00', 'Z', '-15:59', '+16', '+05:30'))
    .map(([y, mo, d, h, mi, s, zone]) => `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}${zone}`),
);
const RANKS = ['1e308', '-1e308', '1e39', '3.4028235e38', '3.5e38', '1e-50', '1e-46', '1e-45', '0', '-0', '0.0607927', '1'.repeat(90), '1.5e-39'];
const rank = fc.oneof(fc.constantFrom(...RANKS), fc.double().map(String), fc.integer().map(String));
const uuid = fc.oneof(fc.uuid().map(String), fc.constantFrom('00000000-0000-0000-0000-000000000000'));

/**
 * Cursors as lib/cursor.ts makes them. Most are well formed but for one part, replaced by a hostile
 * value of its kind (a broken date, a rank no real holds, a bad id) or of any kind, so that each
 * check is met on its own; the rest are junk.
 */
type CursorPart = 'order' | 'rank' | 'likes' | 'at' | 'id';
const wellFormedCursor: fc.Arbitrary<Array<[CursorPart, string]>> = fc.oneof(
  fc.tuple(realTimestamp, fc.uuid()).map(([at, id]): Array<[CursorPart, string]> => [['at', at], ['id', id]]),
  fc.tuple(fc.float({ min: 0, max: 1, noNaN: true }), realTimestamp, fc.uuid()).map(([r, at, id]): Array<[CursorPart, string]> => [['order', 'relevance'], ['rank', String(r)], ['at', at], ['id', id]]),
  fc.tuple(fc.nat({ max: 1000 }), realTimestamp, fc.uuid()).map(([likes, at, id]): Array<[CursorPart, string]> => [['order', 'popular'], ['likes', String(likes)], ['at', at], ['id', id]]),
  fc.tuple(realTimestamp, fc.uuid()).map(([at, id]): Array<[CursorPart, string]> => [['order', 'recent'], ['at', at], ['id', id]]),
);
const hostileOfKind: Record<CursorPart, fc.Arbitrary<string>> = {
  order: fc.constantFrom('relevance', 'popular', 'recent', '', 'RECENT'),
  rank,
  likes: fc.oneof(fc.constantFrom('2147483648', '-1', '1e3', '99999999999', '0x10', ''), fc.integer().map(String)),
  at: timestamp,
  id: uuid,
};
const cursor = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(wellFormedCursor, fc.nat())
      .chain(([parts, i]) => {
        const [kind] = parts[i % parts.length]!;
        return fc.tuple(fc.constant(parts), fc.constant(i % parts.length), fc.oneof({ weight: 3, arbitrary: hostileOfKind[kind] }, { weight: 1, arbitrary: fc.oneof(nastyString, wildString) }));
      })
      .map(([parts, at, part]) => encodeCursor(parts.map(([, value], j) => (j === at ? part : value)))),
  },
  { weight: 1, arbitrary: wellFormedCursor.map((parts) => encodeCursor(parts.map(([, value]) => value))) },
  fc.array(fc.oneof(fc.jsonValue({ maxDepth: 2 }), wildString), { maxLength: 5 }).map(encodeCursor),
  wildString.map((value) => Buffer.from(value).toString('base64url')),
  nastyString,
);

const text = fc.oneof(
  { weight: 4, arbitrary: wildString },
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: realValue() },
  { weight: 1, arbitrary: hugeString },
);
/** One of the known names and ids, picked when generated (they exist only once the data is made). */
function realValue(): fc.Arbitrary<string> {
  return fc.nat().map((i) => {
    const pool = [...known.usernames, ...known.ids, ...known.slugs];
    return pool[i % pool.length] ?? '';
  });
}

/** A value of a JSON schema, or near it: right type with hostile content, or a wrong type. */
function jsonFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(1e308, -1, 2 ** 63, -0, 0.5, [], {}, [[[]]], null, true, ''));
  let right: fc.Arbitrary<unknown>;
  if (schema.enum) right = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string') right = fc.oneof(text, realValue(), cursor);
  else if (schema.type === 'integer' || schema.type === 'number') {
    right = fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 2 ** 31) }), fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.5));
  } else if (schema.type === 'boolean') right = fc.boolean();
  else if (schema.type === 'array' && schema.items) right = fc.array(jsonFor(schema.items, depth + 1), { maxLength: (schema.maxItems ?? 5) + 3 });
  else if (schema.type === 'object' && depth < 4) {
    const props = Object.entries(schema.properties ?? {});
    right = fc
      .tuple(
        fc.tuple(...props.map(([, prop]) => fc.option(jsonFor(prop, depth + 1), { nil: undefined, freq: 3 }))),
        fc.dictionary(fc.oneof(wildString, fc.constantFrom('__proto__', 'constructor')), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      )
      .map(([values, extra]) => ({ ...extra, ...Object.fromEntries(props.map(([key], i) => [key, values[i]]).filter(([, value]) => value !== undefined)) }));
  } else right = wrong;
  return fc.oneof({ weight: 5, arbitrary: right }, { weight: 1, arbitrary: wrong }, ...(schema.nullable ? [fc.constant(null)] : []));
}

// ---------------------------------------------------------------------------------------------
// Requests

type Body = { payload?: string | Buffer; contentType?: string };

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON', 'text/plain',
  'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=zzz', 'application/octet-stream',
  'application/xml', 'application/json, text/plain', ';', 'application/vnd.api+json', '*/*', 'text/html; charset=utf-7',
];
const BAD_JSON = [
  '{', '{"a":', '{"text": "a\\u0000b"}', '{"text": "\\ud800"}', '{"a":1,}', "{'a':1}", '[', ']', 'nul', 'undefined', '{"__proto__": {"x": 1}}',
  '{"constructor": {"prototype": {"x": 1}}}', '\u0000', '\ufeff{}', '{"a": 1e999}', '"\\u0000"', '{"a": NaN}', '1'.repeat(500), ' ',
];
const nested = fc.integer({ min: 100, max: 100_000 }).chain((depth) =>
  fc.constantFrom('['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), '['.repeat(depth)),
);
const badBody: fc.Arbitrary<Body> = fc.record({
  payload: fc.oneof(
    fc.constantFrom(...BAD_JSON),
    nested,
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
    wildString,
    fc.constant(''),
  ),
  contentType: fc.oneof({ weight: 3, arbitrary: fc.constant('application/json') }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
});

function jsonBody(schema: JsonSchema): fc.Arbitrary<Body> {
  return fc.record({
    payload: jsonFor(schema).map((value) => JSON.stringify(value) ?? 'null'),
    contentType: fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) }),
  });
}

function rawMultipart(boundary: string, parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>, end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

function uploadBody(names: { files: string[]; fields: string[] }): fc.Arbitrary<Body> {
  const fileData = fc.oneof(
    fc.constantFrom(images.png, images.truncatedPng, images.jpeg, images.jpeg.subarray(0, 300), images.png.subarray(0, 40), Buffer.alloc(0), Buffer.from('GIF89a'), Buffer.from('hola')),
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
  );
  const fieldName = fc.oneof(fc.constantFrom(...names.files, ...names.fields), wildString.filter((name) => !/["\r\n]/.test(name)));
  const part = fc.oneof(
    fc.record({ name: fieldName, filename: fc.constantFrom('a.png', 'b.jpg', '', '../../x', 'ñ.mp4'), type: fc.constantFrom('image/png', 'image/jpeg', 'video/mp4', 'text/plain', ''), data: fileData }),
    fc.record({ name: fieldName, data: fc.oneof(text.filter((value) => value.length < 9000), fc.constantFrom('subscribers', 'followers', 'public', '["a","b"]')) }),
  );
  const parts = fc.array(part, { minLength: 0, maxLength: 4 });
  const boundary = fc.oneof(fc.constant('wagfuzzboundary'), fc.constantFrom('a', 'x'.repeat(80), 'y'.repeat(300), '"quoted"', 'ñ'));
  return fc.oneof(
    // Well formed, with hostile parts.
    fc.tuple(boundary, parts).map(([b, p]) => ({ payload: rawMultipart(b, p), contentType: `multipart/form-data; boundary=${b}` })),
    // No boundary at all.
    parts.map((p) => ({ payload: rawMultipart('wagfuzzboundary', p), contentType: 'multipart/form-data' })),
    // Never terminated, cut anywhere.
    fc.tuple(parts, fc.double({ min: 0, max: 1, noNaN: true })).map(([p, cut]) => {
      const whole = rawMultipart('wagfuzzboundary', p, false);
      return { payload: whole.subarray(0, Math.floor(whole.length * cut)), contentType: 'multipart/form-data; boundary=wagfuzzboundary' };
    }),
    // A boundary other than the one announced.
    parts.map((p) => ({ payload: rawMultipart('other', p), contentType: 'multipart/form-data; boundary=wagfuzzboundary' })),
    // A broken part header, too many parts, junk.
    fc.constantFrom<Body>(
      { payload: '--b\r\nContent-Disposition\r\n\r\nx\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
      { payload: '--b\r\n\r\n\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
      { payload: rawMultipart('b', Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: 'x' }))), contentType: 'multipart/form-data; boundary=b' },
      { payload: rawMultipart('b', Array.from({ length: 12 }, () => ({ name: names.files[0]!, filename: 'a.png', type: 'image/png', data: images.png.subarray(0, 100) }))), contentType: 'multipart/form-data; boundary=b' },
      { payload: 'hola', contentType: 'multipart/form-data; boundary=b' },
      { payload: '', contentType: 'multipart/form-data; boundary=b' },
      { payload: '--b--', contentType: 'multipart/mixed; boundary=b' },
      { payload: '{}', contentType: 'application/json' },
      {},
    ),
  );
}

const RAW_SEGMENTS = ['%', '%zz', '%FF', '%C0%80', '%ED%A0%80', '%E2%82', '%00', 'a%00b', '%%', '..', '.', '%2E%2E', '%2F', '%20', '+', '~', 'x'.repeat(250)];
const pathSegment = fc.oneof(
  { weight: 4, arbitrary: realValue().map(encodePart) },
  { weight: 4, arbitrary: text.filter((value) => value.length < 300).map(encodePart) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
);

/** A value the schema takes (a cursor may still hide one bad part). */
function validQueryValue(name: string, schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.type === 'integer' || schema.type === 'number') return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 2 ** 31) }).map(String);
  if (name === 'cursor') return cursor;
  return fc.oneof(realValue(), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }), text.filter((value) => value.length <= (schema.maxLength ?? 100)));
}

const wrongNumber = fc.constantFrom('-1', '0', '1e400', '1e308', '99999999999999999999999', '1.5', 'NaN', '', '0x1F', ' 1', '٣', '+5', 'Infinity', '-0', '9007199254740993');

/** Encoded `key=value` pairs for one parameter: a hostile value, the key repeated, or a bracketed key. */
function hostileQueryPairs(name: string, schema: JsonSchema): fc.Arbitrary<string[]> {
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.oneof(text, cursor, wrongNumber, validQueryValue(name, schema)).map(encodePart) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => [`${name}=${v}`]) },
    // The same key again: an array where one value is expected.
    { weight: 1, arbitrary: fc.array(value, { minLength: 2, maxLength: 3 }).map((values) => values.map((v) => `${name}=${v}`)) },
    { weight: 1, arbitrary: fc.constantFrom<string[]>([name], [`${name}[]=1`], [`${name}[a]=1`]) },
  );
}

/**
 * Half the queries are valid but for one parameter, so that the request gets past the others and
 * the hostile value reaches the code behind them; the other half are hostile throughout.
 */
function queryString(op: Operation): fc.Arbitrary<string> {
  const extra = fc.option(fc.tuple(text.filter((key) => key.length < 200), text.filter((value) => value.length < 200)).map(([key, value]) => [`${encodePart(key)}=${encodePart(value)}`]), { nil: [] as string[], freq: 4 });
  const join = (pairs: string[][]) => (pairs.flat().length ? `?${pairs.flat().join('&')}` : '');
  if (op.query.length === 0) return extra.map((pairs) => join([pairs]));
  const validPairs = op.query.map(({ name, schema }) => fc.option(validQueryValue(name, schema).map((v) => [`${name}=${encodePart(v)}`]), { nil: [] as string[], freq: 2 }));
  const oneBad = fc.tuple(fc.tuple(...validPairs), fc.nat(), extra).chain(([valid, i, more]) => {
    const { name, schema } = op.query[i % op.query.length]!;
    return hostileQueryPairs(name, schema).map((bad) => join([...valid.map((pairs, j) => (j === i % op.query.length ? bad : pairs)), more]));
  });
  const allBad = fc.tuple(fc.tuple(...op.query.map(({ name, schema }) => fc.option(hostileQueryPairs(name, schema), { nil: [] as string[], freq: 2 }))), extra).map(([pairs, more]) => join([...pairs, more]));
  return fc.oneof(oneBad, allBad);
}

const GUEST_AUTH = [undefined, undefined, undefined, 'Bearer ', 'Bearer x', 'Bearer ' + 'a'.repeat(5000), 'Basic Zm9vOmJhcg==', 'bearer  null', 'Bearer ñandú'];

function requestFor(op: Operation, signedIn: boolean): fc.Arbitrary<InjectOptions> {
  const key = `${op.method} ${op.path}`;
  const upload = UPLOADS[key];
  const params = op.path.match(/\{[^}]+\}/g) ?? [];
  const body: fc.Arbitrary<Body> = upload
    ? uploadBody(upload)
    : op.body
      ? fc.oneof({ weight: 3, arbitrary: jsonBody(op.body) }, { weight: 1, arbitrary: badBody })
      : fc.oneof({ weight: 3, arbitrary: fc.constant<Body>({}) }, { weight: 1, arbitrary: badBody });
  // Signing out would end the session the rest of the run uses: it gets a session of its own.
  const token = op.path === '/api/logout' ? leaver.token : viewer.token;
  const auth = signedIn ? fc.constant(`Bearer ${token}`) : fc.constantFrom(...GUEST_AUTH);
  return fc.record({ segments: fc.tuple(...params.map(() => pathSegment)), query: queryString(op), body, auth }).map(({ segments, query, body: b, auth: authorization }) => {
    let url = op.path;
    params.forEach((param, i) => (url = url.replace(param, segments[i]!)));
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    if (b.contentType) headers['content-type'] = b.contentType;
    return { method: op.method, url: url + query, headers, ...(b.payload === undefined ? {} : { payload: b.payload }) };
  });
}

// ---------------------------------------------------------------------------------------------
// Checks

// The server's texts in every language: a fuzzed PATCH of the preferences may switch the account's language.
const SPANISH = new Set<string>([
  ...[messages, englishMessages, frenchMessages, germanMessages].flatMap((catalog) => Object.values(catalog).filter((text): text is string => typeof text === 'string')),
  'Debes iniciar sesión.',
  'No tienes permiso para hacer esto.',
  'No encontrado.',
]);

/** What is wrong with one answer, or null. */
function violation(status: number, body: string): string | null {
  if (status >= 500) return `${status}`;
  if (status < 400) return null;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return `${status} not JSON`;
  }
  const { success, message, ...rest } = (json ?? {}) as { success?: unknown; message?: unknown };
  if (success !== false || typeof message !== 'string' || Object.keys(rest).length > 0) return `${status} not { success: false, message }`;
  if (!SPANISH.has(message)) return `${status} message not from lib/messages.ts: ${message.slice(0, 80)}`;
  return null;
}

function describeRequest(request: InjectOptions): string {
  const payload = request.payload === undefined ? '' : ` ${JSON.stringify(String(request.payload).slice(0, 200))}`;
  return `${request.method} ${String(request.url).slice(0, 200)} ${JSON.stringify({ ...request.headers, authorization: undefined })}${payload}`;
}

it('answers every malformed request to every route with a 4xx { success: false, message }, and stays up', { timeout: 240_000 }, async () => {
  const spec = new Set(operations.map((op) => `${op.method} ${op.path}`));
  for (const route of [...Object.keys(UPLOADS), ...UNPREFIXED]) expect(spec, route).toContain(route);
  expect(operations.length).toBeGreaterThan(60);

  const found = new Map<string, { count: number; example: string }>();
  let sent = 0;
  let serverErrors = 0;
  const started = Date.now();
  const timeByRoute = new Map<string, number>();
  for (const [index, op] of operations.entries()) {
    const routeStarted = Date.now();
    for (const signedIn of [false, true]) {
      // The live channel streams for as long as the client stays: it is fuzzed as a guest only.
      if (signedIn && op.path === '/api/live') continue;
      const runs = Math.round(RUNS * (1 + op.query.length / 4));
      const requests = fc.sample(requestFor(op, signedIn), { seed: SEED + index * 2 + Number(signedIn), numRuns: runs });
      for (const request of requests) {
        sent += 1;
        let problem: string | null;
        try {
          const response = await answerWithin(ANSWER_WITHIN_MS, t.app.inject(request));
          if (!response) problem = `no answer within ${ANSWER_WITHIN_MS / 1000} s`;
          else {
            problem = violation(response.statusCode, response.body);
            if (response.statusCode >= 500) serverErrors += 1;
          }
        } catch (error) {
          problem = `inject threw ${(error as Error).message}`;
        }
        if (!problem) continue;
        const key = `${op.method} ${op.path} ${signedIn ? 'signed in' : 'guest'}: ${problem}`;
        const example = describeRequest(request);
        const seen = found.get(key);
        if (!seen) found.set(key, { count: 1, example });
        else {
          seen.count += 1;
          if (example.length < seen.example.length) seen.example = example;
        }
      }
    }
    timeByRoute.set(`${op.method} ${op.path}`, Date.now() - routeStarted);
  }
  const slowest = [...timeByRoute.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([route, ms]) => `${route} ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `fuzz: ${sent} requests to ${operations.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s (slowest: ${slowest.join(', ')}), ` +
      `${serverErrors} answered 5xx, ${[...found.values()].reduce((sum, v) => sum + v.count, 0)} broke the rules`,
  );

  const me = await t.request({ method: 'GET', url: '/api/me', token: viewer.token });
  expect(me.statusCode).toBe(200);
  expect((me.json() as { user: { id: string } }).user.id).toBe(viewer.id);
  expect([...found.entries()].map(([key, { count, example }]) => `${key} (×${count}) e.g. ${example}`)).toEqual([]);
});

// ---------------------------------------------------------------------------------------------

/** A request left hanging (an upload cut short once was) is a failure too, not a stuck run. */
const ANSWER_WITHIN_MS = 10_000;

async function answerWithin<T>(ms: number, promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function encodeCursor(parts: unknown): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate goes as its UTF-8 replacement). */
function encodePart(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

import { errorResponse } from '@wag/contract/common';
import { endpoints, MULTIPART, type EndpointName, type Endpoints, type FileDownload, type SuccessStatus } from '@wag/contract/endpoints';
import { routes } from '@wag/contract/routes';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { z } from 'zod';

type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/** The error statuses a route may answer, each with `{ success: false, message }`. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429;

/** What a route file says of its own call; method, path and schemas come from the catalogue. */
export interface OwnRouteOptions<E extends ErrorStatus> {
  tags: string[];
  summary: string;
  description?: string;
  /** Documents the bearer token; the handler asks for the viewer (requireViewer or optionalViewer). */
  bearer?: boolean;
  /** The statuses this route answers with an error, for the description and the serializer. */
  errors: readonly E[];
  /** Runs before the body is read: the rate limit of http/rate-limit.ts. */
  preHandler?: preHandlerAsyncHookHandler;
}

type Def<N extends EndpointName> = Endpoints[N];

/** The Fastify schema a catalogue entry makes, typed so that handlers see the catalogue's types. */
type SchemaOf<N extends EndpointName, E extends ErrorStatus> = (Def<N> extends { params: infer S extends z.ZodType } ? { params: S } : unknown) &
  (Def<N> extends { query: infer S extends z.ZodType } ? { querystring: S } : unknown) &
  (Def<N> extends { body: infer S extends z.ZodType } ? { body: S } : unknown) & {
    response: (Def<N> extends { response: infer S extends z.ZodType } ? { [K in SuccessStatus<N>]: S } : unknown) &
      // A file is sent as a stream, not serialized: only its errors have a schema at run time.
      (Def<N> extends { response: FileDownload } ? { 200: z.ZodType<Readable> } : unknown) & { [K in E]: typeof errorResponse };
  };

export type EndpointHandler<N extends EndpointName, E extends ErrorStatus> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<N, E>,
  ZodTypeProvider
>;

/**
 * Registers the call `name` of the contract: its method and path from routes.ts, its params,
 * querystring, body and success response from endpoints.ts, the route's own error responses, tags
 * and texts from the route file. A route cannot spell its own path or pick its own schemas.
 *
 * Home-made rather than ts-rest (the well-known contract-first library): its contract holds the zod
 * schemas beside the paths, so the web bundle would carry zod; its Fastify adapter makes handlers
 * answer `{ status, body }` and describes the API through its own OpenAPI generator, where this keeps
 * Fastify's own routes, fastify-type-provider-zod's typing and @fastify/swagger's description as they were.
 */
export function route<N extends EndpointName, E extends ErrorStatus>(
  app: App,
  name: N,
  options: OwnRouteOptions<E>,
  handler: EndpointHandler<N, E>,
): void {
  const { method, path } = routes[name];
  const endpoint: Endpoints[EndpointName] = endpoints[name];
  const response: Record<number, z.ZodType> = {};
  // The live stream and files are written as they are, not serialized: only their errors have a schema.
  if ('parse' in endpoint.response) response['status' in endpoint ? endpoint.status : 200] = endpoint.response;
  if ('repeatStatus' in endpoint && 'parse' in endpoint.response) response[endpoint.repeatStatus] = endpoint.response;
  for (const status of options.errors) response[status] = errorResponse;

  const schema: FastifySchema & Record<string, unknown> = { tags: options.tags, summary: options.summary };
  if (options.description) schema.description = options.description;
  if (options.bearer) schema.security = [{ bearer: [] }];
  if ('body' in endpoint && endpoint.body === MULTIPART) schema.consumes = ['multipart/form-data'];
  if ('params' in endpoint) schema.params = endpoint.params;
  if ('query' in endpoint) schema.querystring = endpoint.query;
  if ('body' in endpoint && endpoint.body !== MULTIPART) schema.body = endpoint.body;
  schema.response = response;

  const definition: RouteOptions = { method, url: path, schema, handler: handler as RouteOptions['handler'] };
  if (options.preHandler) definition.preHandler = options.preHandler;
  app.route(definition);
}

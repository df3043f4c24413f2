import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorResponse } from '@wag/contract/common';
import { endpoints, MULTIPART, type Endpoint, type EndpointName } from '@wag/contract/endpoints';
import { routes } from '@wag/contract/routes';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase } from '../support/test-database.js';

/**
 * The contract's route table is the whole API: every call of it is served with its method, path and
 * the catalogue's schemas, and nothing else is served but the API description, media files and the
 * web app. A route registered by hand, outside the table, fails here.
 */

interface Registered {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

let app: FastifyInstance;
let root: string;
let closeDatabase: () => Promise<void>;
const registered: Registered[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'wag-routes-'));
  const webDistDir = path.join(root, 'web');
  await fs.mkdir(path.join(webDistDir, 'assets'), { recursive: true });
  await fs.writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>WAG</title>');
  await fs.writeFile(path.join(webDistDir, 'assets', 'app.js'), '');
  const database = await createTestDatabase();
  closeDatabase = database.close;
  app = await buildApp({
    config: { ...loadConfig({}), dataDir: root, mediaDir: path.join(root, 'media'), uploadDir: path.join(root, 'uploads'), webDistDir, mediaWorker: false, logLevel: 'silent', appSecret: randomBytes(32).toString('base64url') },
    db: database.db,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url, schema: route.schema as Registered['schema'] });
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
  await fs.rm(root, { recursive: true, force: true });
});

function find(method: string, url: string): Registered[] {
  return registered.filter((route) => route.method === method && route.url === url);
}

describe('the route table', () => {
  it('is served call by call, with the method and path of the table and the schemas of the catalogue', () => {
    for (const [name, { method, path: url }] of Object.entries(routes)) {
      const matches = find(method, url);
      expect(matches, `${name}: ${method} ${url}`).toHaveLength(1);
      const schema = matches[0]!.schema ?? {};
      const endpoint: Endpoint = endpoints[name as EndpointName];
      expect(schema.params, `${name} params`).toBe(endpoint.params);
      expect(schema.querystring, `${name} querystring`).toBe(endpoint.query);
      if (endpoint.body === MULTIPART) {
        expect(schema.body, `${name} body`).toBeUndefined();
        expect(schema.consumes, `${name} consumes`).toEqual(['multipart/form-data']);
      } else {
        expect(schema.body, `${name} body`).toBe(endpoint.body);
      }
      const responses = Object.entries((schema.response ?? {}) as Record<string, unknown>);
      const successes = responses.filter(([status]) => status.startsWith('2'));
      const repeat = endpoint.repeatStatus ? [[String(endpoint.repeatStatus), endpoint.response]] : [];
      if ('parse' in endpoint.response) expect(successes, `${name} response`).toEqual([...repeat, [String(endpoint.status ?? 200), endpoint.response]]);
      else expect(successes, `${name}: a stream has no JSON response`).toEqual([]);
      for (const [status, response] of responses.filter(([code]) => !code.startsWith('2'))) {
        expect(response, `${name} ${status}`).toBe(errorResponse);
      }
    }
  });

  it('holds every route the server registers, but for the API description, media files, the web app, the health and readiness probes and the metrics', async () => {
    const inTable = new Set(Object.values(routes).map(({ method, path: url }) => `${method} ${url}`));
    const webFiles = ['/index.html', '/assets/app.js'];
    const outside = registered.filter(({ method, url }) => {
      if (inTable.has(`${method} ${url}`)) return false;
      // Fastify answers HEAD for every GET.
      if (method === 'HEAD' && find('GET', url).length > 0) return false;
      return !(url === '/api/docs' || url.startsWith('/api/docs/') || url === '/media/*' || url === '/healthz' || url === '/readyz' || url === '/metrics' || webFiles.includes(url));
    });
    expect(outside.map(({ method, url }) => `${method} ${url}`)).toEqual([]);
    // The check sees the web app's files, so a route at any path would be caught too.
    expect(find('GET', '/index.html')).toHaveLength(1);
  });

  it('is the API description: each call documented at its path and method', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`));
    const table = Object.values(routes).map(({ method, path: url }) => `${method} ${url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
    expect(documented.sort()).toEqual(table.sort());
  });
});

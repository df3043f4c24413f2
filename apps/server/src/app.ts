import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createServices, type Services } from './container.js';
import type { Database } from './db/database.js';
import { accountRoutes } from './http/account.routes.js';
import { authRoutes } from './http/auth.routes.js';
import { answerFrameworkError, registerErrorHandling } from './http/error-handler.js';
import { trackInFlight, type InFlight } from './http/in-flight.js';
import { registerMessageLanguage } from './http/message-language.js';
import { followsRoutes } from './http/follows.routes.js';
import { peopleRoutes } from './http/people.routes.js';
import { postsRoutes } from './http/posts.routes.js';
import { profilesRoutes } from './http/profiles.routes.js';
import { searchRoutes } from './http/search.routes.js';
import { tagsRoutes } from './http/tags.routes.js';
import { storiesRoutes } from './http/stories.routes.js';
import { registerMedia } from './http/media.routes.js';
import { registerMediaSession, type MediaSession } from './http/media-session.js';
import { registerWebApp } from './http/web.routes.js';
import { registerCompression } from './http/compression.js';
import { docsContentSecurityPolicy, registerSecurityHeaders } from './http/security-headers.js';
import { systemClock, type Clock } from './lib/clock.js';
import { fastifyTrustProxy } from './lib/client-info.js';
import { requestForLog } from './lib/loggable-url.js';
import { createLocalBus, type LiveBus } from './lib/live-bus.js';
import { liveRoutes } from './http/live.routes.js';
import { messagesRoutes } from './http/messages.routes.js';
import { notificationsRoutes } from './http/notifications.routes.js';
import type { Viewer } from './services/auth.service.js';
import { registerTextGuard } from './http/text-guard.js';
import { blocksRoutes } from './http/blocks.routes.js';
import { paymentsRoutes } from './http/payments.routes.js';
import { appealsRoutes } from './http/appeals.routes.js';
import { moderationRoutes } from './http/moderation.routes.js';
import { identityRoutes } from './http/identity.routes.js';
import { reportsRoutes } from './http/reports.routes.js';
import { creatorRoutes } from './http/creator.routes.js';
import { ccbillRoutes } from './http/ccbill.routes.js';
import { healthRoutes, readinessRoutes } from './http/health.routes.js';
import { registerMetrics } from './http/metrics.js';
import { requestIdOf } from './http/request-id.js';
import { createReadiness, type Readiness, type ReadinessCheck } from './http/readiness.js';
import { checkStorage } from './media/storage-setup.js';
import { createHealthRepository } from './repositories/health.repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
    mediaSession: MediaSession;
    /** What /readyz reports; main.ts marks it stopping at the first stop signal. */
    readiness: Readiness;
    inFlight: InFlight;
    /**
     * Answers a request for one of the app's pages with it (http/web.routes.ts); false when the request
     * is not for a page or there is no built app. Absent until the web app is registered.
     */
    sendWebPage?: (request: FastifyRequest, reply: FastifyReply) => boolean;
    /** Writes the security headers on a reply (http/security-headers.ts); absent until they are registered. */
    writeSecurityHeaders?: (request: FastifyRequest, reply: FastifyReply) => void;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
    viewerResolved: boolean;
  }
}

export interface AppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  /** Fastify logger: off in tests unless asked for. */
  logger?: boolean;
  /** A logger made before the app (main.ts, with loggerOptions), so the database reports through it too. */
  loggerInstance?: FastifyBaseLogger;
  /** Carries live events between server processes; in-process when there is only one. */
  liveBus?: LiveBus;
  /** Told of every route as it is declared (the test that every API route is in the contract's table). */
  onRoute?: (route: RouteOptions) => void;
  /** What /readyz checks; by default the database, Redis (when the bus is Redis) and the media folder. */
  readinessChecks?: ReadinessCheck[];
}

/** The server's log settings: its level, and credentials never written (headers, the webhook secret in its address). */
export function loggerOptions(config: Config) {
  return { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'], serializers: { req: requestForLog } };
}

/** Builds the whole HTTP app. Tests import this and call it over `app.inject`. */
export async function buildApp({ config, db, clock = systemClock, logger = false, loggerInstance, liveBus = createLocalBus(), onRoute, readinessChecks }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ? loggerOptions(config) : false }),
    bodyLimit: config.bodyLimit,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // The id of every request, on each of its log lines and in its answer's x-request-id header.
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const inFlight = trackInFlight(app);
  app.decorate('inFlight', inFlight);

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  if (!config.appSecret) throw new Error('config.appSecret must be resolved before building the app (lib/app-secret.ts)');
  app.decorate('services', createServices(db, config, clock, liveBus, app.log));
  app.addHook('onClose', async () => app.services.live.close());
  // Before every route: its onResponse hook counts the requests of the routes declared after it.
  const metricsRoutes = registerMetrics(app, config, {
    jobNames: app.services.jobs.names,
    queueStats: () => app.services.jobs.queueStats(),
    liveConnections: () => app.services.live.openStreams(),
  });
  app.decorateRequest('viewer', null);
  app.decorateRequest('viewerResolved', false);
  registerErrorHandling(app);
  registerMessageLanguage(app);
  registerTextGuard(app);
  // Before every route: their hooks are taken when they are declared.
  await registerSecurityHeaders(app, { webDistDir: config.webDistDir, mediaOrigin: config.mediaOrigin });
  await registerCompression(app);
  await app.register(fastifyCookie);
  // Before any route: its hook keeps the media cookie in step on every API answer.
  const mediaSession = registerMediaSession(app, {
    secret: config.appSecret,
    userOfSession: (sessionId) => app.services.sessions.findUserIdById(sessionId),
  });
  app.decorate('mediaSession', mediaSession);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'WAG API', version: '1.0.0', description: 'API de WAG. Los errores responden { success: false, message }. El message de cada respuesta está en el idioma de las preferencias de quien ha iniciado sesión; si no eligió ninguno, en el mejor de Accept-Language entre es, en, fr y de; si no, en español.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: docsContentSecurityPolicy });

  await app.register(authRoutes);
  await app.register(profilesRoutes);
  await app.register(followsRoutes);
  await app.register(peopleRoutes);
  await app.register(accountRoutes);
  await app.register(postsRoutes);
  await app.register(storiesRoutes);
  await app.register(searchRoutes);
  await app.register(tagsRoutes);
  await app.register(notificationsRoutes);
  await app.register(messagesRoutes);
  await app.register(liveRoutes);
  await app.register(blocksRoutes);
  await app.register(reportsRoutes);
  await app.register(moderationRoutes);
  await app.register(identityRoutes);
  await app.register(appealsRoutes);
  await app.register(paymentsRoutes);
  await app.register(creatorRoutes);
  await app.register(ccbillRoutes);
  await app.register(healthRoutes);
  const database = createHealthRepository(db);
  const busPing = liveBus.ping?.bind(liveBus);
  app.decorate(
    'readiness',
    createReadiness(
      readinessChecks ?? [
        { name: 'database', check: () => database.ping() },
        ...(busPing ? [{ name: 'redis', check: busPing }] : []),
        // The media and identity-document stores: writable folders, or both buckets answering.
        { name: 'storage', check: () => checkStorage(app.services.storage) },
      ],
    ),
  );
  await app.register(readinessRoutes);
  await app.register(metricsRoutes);
  // MEDIA_WORKER=0 leaves queued jobs to another process; stopping also ends this process's schedules.
  if (config.mediaWorker) app.addHook('onReady', async () => app.services.jobs.start());
  app.addHook('onClose', async () => app.services.jobs.stop());
  app.addHook('onClose', async () => app.services.mailer.close());
  // Fastify runs onClose hooks last-registered first: this one waits for the handlers whose clients
  // left (the server's close waited for the connections only) while the database, the bus, the mailer
  // and the jobs are still there for them. The shutdown deadline (SHUTDOWN_TIMEOUT_MS) bounds it.
  app.addHook('onClose', async () => {
    if (inFlight.open === 0) return;
    app.log.info({ requests: inFlight.open }, 'stopping: waiting for requests whose clients left');
    await inFlight.answered();
  });
  await registerMedia(app, {
    store: app.services.storage.media,
    access: app.services.mediaAccess,
    viewerOf: mediaSession.viewerOf,
    presignedRedirect: config.storage.kind === 's3' && config.storage.presignedRedirect,
  });
  await registerWebApp(app, { webDistDir: config.webDistDir });
  return app;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { LiveBus } from './lib/live-bus.js';
import { createAccessRepository } from './access/access.repository.js';
import { createMediaAccess } from './access/media-access.js';
import { createTrustedDevices } from './lib/trusted-devices.js';
import { createConversationsRepository } from './repositories/conversations.repository.js';
import { createNotificationsRepository } from './repositories/notifications.repository.js';
import { createCommentsRepository } from './repositories/comments.repository.js';
import { createFeedRepository } from './repositories/feed.repository.js';
import { createFollowsRepository } from './repositories/follows.repository.js';
import { createLoginIpsRepository } from './repositories/login-ips.repository.js';
import { createPeopleRepository } from './repositories/people.repository.js';
import { createPostWritesRepository } from './repositories/post-writes.repository.js';
import { createPostsRepository } from './repositories/posts.repository.js';
import { createRateLimitsRepository } from './repositories/rate-limits.repository.js';
import { createProfilesRepository } from './repositories/profiles.repository.js';
import { createSearchRepository } from './repositories/search.repository.js';
import { createTagsRepository } from './repositories/tags.repository.js';
import { createStoriesRepository } from './repositories/stories.repository.js';
import { createSessionsRepository } from './repositories/sessions.repository.js';
import { createUsersRepository } from './repositories/users.repository.js';
import { createUnitOfWork } from './repositories/unit-of-work.js';
import { createAccountService } from './services/account.service.js';
import { createAuthService } from './services/auth.service.js';
import { createFeedService } from './services/feed.service.js';
import { createFollowsService } from './services/follows.service.js';
import { createPeopleService } from './services/people.service.js';
import { createLiveService } from './services/live.service.js';
import { createJobWorker } from './jobs/job-worker.js';
import { storageSweepJob } from './jobs/storage-sweep.js';
import { videoTranscodeJob } from './jobs/video-transcode.job.js';
import { videoLadderJob } from './jobs/video-ladder.job.js';
import { messageVideoJob } from './jobs/message-video.job.js';
import { mediaBlockJob } from './jobs/media-block.job.js';
import { createMediaHashesRepository } from './repositories/media-hashes.repository.js';
import { createMediaHashesService } from './services/media-hashes.service.js';
import { createJobsRepository } from './repositories/jobs.repository.js';
import type { MailContent } from './mail/mail-messages.js';
import { createIdempotencyRepository } from './repositories/idempotency.repository.js';
import { createStorageSweepRepository } from './repositories/storage-sweep.repository.js';
import { createMessagesService } from './services/messages.service.js';
import { createNotificationsService } from './services/notifications.service.js';
import { createPostsService } from './services/posts.service.js';
import { createProfilePictureService } from './services/profile-picture.service.js';
import { createProfilesService } from './services/profiles.service.js';
import { createRateLimitService } from './services/rate-limit.service.js';
import { createSearchService } from './services/search.service.js';
import { createTagsService } from './services/tags.service.js';
import { createStoriesService } from './services/stories.service.js';
import { createUploadService } from './services/upload.service.js';
import { createMailer } from './mail/mailer.js';
import { mailSendJob } from './jobs/mail-send.job.js';
import { createModerationRepository } from './repositories/moderation.repository.js';
import { createModerationService } from './services/moderation.service.js';
import { createBlocksRepository } from './repositories/blocks.repository.js';
import { createBlocksService } from './services/blocks.service.js';
import { createAccountSessionsService } from './services/account-sessions.service.js';
import { createPreferencesRepository } from './repositories/preferences.repository.js';
import { createPreferencesService } from './services/preferences.service.js';
import { createPasswordResetsRepository } from './repositories/password-resets.repository.js';
import { createAccountDataService } from './services/account-data.service.js';
import { createAccountDataRepository } from './repositories/account-data.repository.js';
import { createEmailConfirmationService } from './services/email-confirmation.service.js';
import { createEmailConfirmationsRepository } from './repositories/email-confirmations.repository.js';
import { createPasswordResetService } from './services/password-reset.service.js';
import { createTwoFactorRepository } from './repositories/two-factor.repository.js';
import { createPasswordCheck } from './services/password-check.js';
import { createTwoFactorService } from './services/two-factor.service.js';
import { createReportsService } from './services/reports.service.js';
import { createPaymentsRepository } from './repositories/payments.repository.js';
import { createSandboxBooksRepository } from './repositories/sandbox-books.repository.js';
import { createSandboxProvider } from './payments/sandbox.js';
import type { PaymentProvider } from './payments/provider.js';
import { createCcbillProvider } from './payments/ccbill.js';
import { createSubscriptionsService, type SubscriptionsService } from './services/subscriptions.service.js';
import { paymentsSettleJob } from './jobs/payments-settle.job.js';
import { createCreatorRepository } from './repositories/creator.repository.js';
import { createCreatorService } from './services/creator.service.js';
import { createProcessorEventsUnit } from './repositories/processor-events.repository.js';
import { createProcessorEventsService } from './services/processor-events.service.js';
import { createIdentityVault } from './lib/identity-vault.js';
import { createStorage } from './media/storage-setup.js';
import { createIdentityRepository } from './repositories/identity.repository.js';
import { createIdentityService } from './services/identity.service.js';
import { identityPurgeJob } from './jobs/identity-purge.job.js';

/** Wires repositories into services once per app instance; services and jobs log through `log`. */
export function createServices(db: Database, config: Config, clock: Clock, bus: LiveBus, log: FastifyBaseLogger) {
  // Media, queued uploads and identity documents: on the local disk or in S3 (config.storage).
  const storage = createStorage(config);
  const store = storage.media;
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const rateLimits = createRateLimitService({
    limits: createRateLimitsRepository(db),
    clock,
    scale: config.rateLimitScale,
    messagesPerMinute: config.messagesPerMinute,
  });
  const profiles = createProfilesRepository(db);
  const follows = createFollowsRepository(db);
  const people = createPeopleRepository(db);
  const blocks = createBlocksRepository(db);
  const preferences = createPreferencesRepository(db);
  const posts = createPostsRepository(db);
  const comments = createCommentsRepository(db);
  const postWrites = createPostWritesRepository(db);
  const mediaAccess = createMediaAccess({ repo: createAccessRepository(db), clock });
  const feedRepository = createFeedRepository(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: config.outboxDir, log: log.child({ component: 'mail' }) });
  const mediaHashesRepository = createMediaHashesRepository(db);
  const mediaHashes = createMediaHashesService({
    hashes: mediaHashesRepository,
    store,
    clock,
    log: log.child({ component: 'media-hashes' }),
    onQueued: () => jobs.notify(),
  });
  const jobs = createJobWorker({
    jobs: createJobsRepository(db),
    handlers: {
      'video.transcode': videoTranscodeJob({ postWrites, store }),
      'video.ladder': videoLadderJob({ postWrites, store }),
      // The messages service is made below; the job calls it only once the worker runs.
      'message.video': messageVideoJob({ conversations: createConversationsRepository(db), store, changed: (id) => messages.mediaChanged(id) }),
      'storage.sweep': storageSweepJob({ folders: createStorageSweepRepository(db), store, uploadDir: config.uploadDir }),
      'mail.send': mailSendJob({ mailer }),
      'media.block': mediaBlockJob({ mediaHashes, hashes: mediaHashesRepository }),
      // The service is made below (it needs the mailer's queue, which needs this worker).
      'payments.settle': paymentsSettleJob({ subscriptions: () => subscriptions }),
      'identity.purge': identityPurgeJob({ identity: { purgeDecided: () => identity.purgeDecided() } }),
    },
    // A ladder takes about as long as its video plays: new uploads do not wait behind it.
    background: ['video.ladder'],
    log: log.child({ component: 'jobs' }),
    // A killed worker's job goes to another after the lease; the heartbeat renews it three times per lease.
    leaseMs: config.jobLeaseMs,
    heartbeatMs: Math.floor(config.jobLeaseMs / 3),
  });
  const conversations = createConversationsRepository(db);
  const notificationsRepository = createNotificationsRepository(db);
  const live = createLiveService({ bus, notifications: notificationsRepository, conversations, log: log.child({ component: 'live' }) });
  const uow = createUnitOfWork(db);
  const idempotency = createIdempotencyRepository(db);
  const notifications = createNotificationsService({ notifications: notificationsRepository, live, clock, log: log.child({ component: 'notifications' }) });
  const messages = createMessagesService({
    conversations,
    users,
    blocks,
    preferences,
    live,
    clock,
    log: log.child({ component: 'messages' }),
    media: { store, mediaHashes, onVideoQueued: () => jobs.notify() },
    uow,
    idempotency,
  });
  const jobsRepository = createJobsRepository(db);
  /**
   * Queues a mail to an account that tells of something already done (a sign-in, a security change),
   * in the language the account chose: never fails what it tells of.
   */
  async function queueMail(recipientId: string, message: MailContent): Promise<void> {
    try {
      const language = await preferences.languageOf(recipientId);
      await jobsRepository.enqueue({ name: 'mail.send', data: { message: { ...message, language } } });
      jobs.notify();
    } catch (error) {
      log.warn({ err: error, kind: message.kind }, 'mail not queued');
    }
  }
  const appSecret = config.appSecret;
  if (!appSecret) throw new Error('config.appSecret must be resolved before the services are made (lib/app-secret.ts)');
  const twoFactorRepository = createTwoFactorRepository(db);
  const twoFactor = createTwoFactorService({
    twoFactor: twoFactorRepository,
    rateLimits,
    clock,
    appSecret,
    throttle: config.loginThrottle,
    confirmPassword: createPasswordCheck({ users, rateLimits, throttle: config.loginThrottle }),
    users,
    queueMail,
  });
  const emailConfirmation = createEmailConfirmationService({
    users,
    confirmations: createEmailConfirmationsRepository(db),
    rateLimits,
    clock,
    publicUrl: config.publicUrl,
    queueMail,
  });
  // Built before the rest: moderation reads posts as their owners see them and checks credentials as a login does.
  const auth = createAuthService({
    users,
    sessions,
    loginIps: createLoginIpsRepository(db),
    rateLimits,
    devices: createTrustedDevices({ secret: config.appSecret, clock }),
    clock,
    throttle: config.loginThrottle,
    twoFactor: twoFactorRepository,
    secondFactor: twoFactor,
    queueMail,
    emailConfirmation,
    preferences,
  });
  // CCBill when its settings are given (config.ts); otherwise the sandbox, which production refuses.
  const paymentProvider: PaymentProvider =
    config.payments.provider === 'ccbill' && config.payments.ccbill
      ? createCcbillProvider(config.payments.ccbill)
      : createSandboxProvider({ books: createSandboxBooksRepository(db), clock, secret: () => appSecret });
  const subscriptions: SubscriptionsService = createSubscriptionsService({
    payments: createPaymentsRepository(db),
    provider: paymentProvider,
    config: config.payments,
    clock,
    notify: notifications,
    queueMail,
    appSecret,
    log: log.child({ component: 'payments' }),
  });
  const postsService = createPostsService({ posts, comments, clock, saved: feedRepository, notify: notifications, uow });
  const moderationRepository = createModerationRepository(db);
  // Identity documents: the key is checked now (a malformed IDENTITY_KEY stops the start).
  const identityVault = createIdentityVault({ configuredKey: config.identityKey, keysDir: config.keysDir, files: storage.identityFiles, production: config.production });
  const identityRepository = createIdentityRepository(db);
  const identity = createIdentityService({
    identity: identityRepository,
    roles: moderationRepository,
    vault: identityVault,
    uow,
    clock,
    notify: notifications,
    jobsQueued: () => jobs.notify(),
  });
  return {
    storage,
    live,
    subscriptions,
    notifications,
    messages,
    rateLimits,
    auth,
    profiles: createProfilesService({ profiles, clock }),
    follows: createFollowsService({ follows, people, clock, notify: notifications, uow }),
    blocks: createBlocksService({ blocks, people, clock, notify: notifications, live, uow }),
    people: createPeopleService({ people, clock }),
    account: createAccountService({ users, clock, rateLimits, throttle: config.loginThrottle, emailConfirmation }),
    emailConfirmation,
    accountData: createAccountDataService({
      data: createAccountDataRepository(db),
      jobs: jobsRepository,
      rateLimits,
      confirmPassword: createPasswordCheck({ users, rateLimits, throttle: config.loginThrottle }),
      clock,
      store,
      jobsQueued: () => jobs.notify(),
      removeIdentityDocuments: (keys) => identityVault.remove(keys),
    }),
    accountSessions: createAccountSessionsService({ sessions }),
    twoFactor,
    passwordReset: createPasswordResetService({
      users,
      resets: createPasswordResetsRepository(db),
      uow,
      rateLimits,
      clock,
      publicUrl: config.publicUrl,
      jobsQueued: () => jobs.notify(),
    }),
    preferences: createPreferencesService({ preferences, clock }),
    posts: postsService,
    mediaAccess,
    sessions,
    feed: createFeedService({ feed: feedRepository, clock }),
    search: createSearchService({ search: createSearchRepository(db), clock }),
    tags: createTagsService({ tags: createTagsRepository(db), clock }),
    stories: createStoriesService({
      stories: createStoriesRepository(db),
      clock,
      store,
      notify: notifications,
      messages,
      uow,
      mediaHashes,
      identity: identityRepository,
    }),
    uploads: createUploadService({
      postWrites,
      clock,
      store,
      onVideoQueued: () => jobs.notify(),
      notify: notifications,
      uow,
      mediaHashes,
      identity: identityRepository,
      idempotency,
    }),
    jobs,
    mediaHashes,
    profilePicture: createProfilePictureService({ users, clock, store, uploadDir: config.uploadDir, mediaHashes }),
    mailer,
    reports: createReportsService({ moderation: moderationRepository, uow, rateLimits, clock }),
    processorEvents: createProcessorEventsService({
      unit: createProcessorEventsUnit(db),
      notify: notifications,
      clock,
      feePercent: config.payments.platformFeePercent,
      log: log.child({ component: 'ccbill' }),
      mailPayment: async (order) => {
        const [buyer, creator] = await Promise.all([users.findById(order.buyerId), order.creatorId ? users.findById(order.creatorId) : undefined]);
        // A deleted account's tombstone has no address to write to.
        if (!buyer || buyer.deleted_at) return;
        await queueMail(buyer.id, {
          kind: 'payment',
          to: buyer.email,
          username: buyer.username,
          event: order.event,
          amount: order.amount,
          currency: order.currency,
          creator: creator?.username ?? null,
          until: order.until?.toISOString() ?? null,
        });
      },
    }),
    identity,
    moderation: createModerationService({
      moderation: moderationRepository,
      uow,
      clock,
      notify: notifications,
      posts: postsService,
      auth,
      jobsQueued: () => jobs.notify(),
    }),
    creator: createCreatorService({
      creator: createCreatorRepository(db),
      uow,
      clock,
      notify: notifications,
      payments: config.payments,
      jobsQueued: () => jobs.notify(),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

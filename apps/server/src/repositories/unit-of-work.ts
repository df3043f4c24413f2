import type { Database } from '../db/database.js';
import { createBlocksRepository } from './blocks.repository.js';
import { createPasswordResetsRepository } from './password-resets.repository.js';
import { createCommentsRepository } from './comments.repository.js';
import { createConversationsRepository } from './conversations.repository.js';
import { createCreatorRepository } from './creator.repository.js';
import { createFollowsRepository } from './follows.repository.js';
import { createIdempotencyRepository } from './idempotency.repository.js';
import { createIdentityRepository } from './identity.repository.js';
import { createJobsRepository } from './jobs.repository.js';
import { createMediaHashesRepository } from './media-hashes.repository.js';
import { createModerationRepository } from './moderation.repository.js';
import { createSessionsRepository } from './sessions.repository.js';
import { createNotificationsRepository } from './notifications.repository.js';
import { createPostWritesRepository } from './post-writes.repository.js';
import { createPostsRepository } from './posts.repository.js';
import { createPreferencesRepository } from './preferences.repository.js';
import { createStoriesRepository } from './stories.repository.js';

/** The repositories a write and the records it causes (notifications, messages) use together. */
export function writeRepositories(db: Database) {
  return {
    posts: createPostsRepository(db),
    blocks: createBlocksRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    comments: createCommentsRepository(db),
    stories: createStoriesRepository(db),
    follows: createFollowsRepository(db),
    notifications: createNotificationsRepository(db),
    conversations: createConversationsRepository(db),
    postWrites: createPostWritesRepository(db),
    moderation: createModerationRepository(db),
    sessions: createSessionsRepository(db),
    jobs: createJobsRepository(db),
    mediaHashes: createMediaHashesRepository(db),
    preferences: createPreferencesRepository(db),
    creator: createCreatorRepository(db),
    identity: createIdentityRepository(db),
    idempotency: createIdempotencyRepository(db),
  };
}

export type WriteRepositories = ReturnType<typeof writeRepositories>;

/**
 * A write and what it records for others (a like and its notification, a story reply and its
 * message) commit together or not at all (architecture: side effects never turn a committed write
 * into an error). What is only told live is sent after the commit, and never fails the write.
 */
export function createUnitOfWork(db: Database) {
  return {
    run<T>(work: (repos: WriteRepositories) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(writeRepositories(trx)));
    },
  };
}

export type UnitOfWork = ReturnType<typeof createUnitOfWork>;

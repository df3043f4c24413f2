import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Kysely } from 'kysely';
import * as initial from './migrations/2026-11-22T0900-initial.js';
import * as peopleSearch from './migrations/2026-11-23T0900-people-search.js';
import * as postViews from './migrations/2026-11-23T1000-post-views.js';
import * as mediaJobs from './migrations/2026-11-23T1100-media-jobs.js';
import * as messages from './migrations/2026-11-23T1200-messages.js';
import * as feed from './migrations/2026-11-23T1300-feed.js';
import * as savedPosts from './migrations/2026-11-23T1400-saved-posts.js';
import * as search from './migrations/2026-11-23T1500-search.js';
import * as notificationsConversations from './migrations/2026-11-23T1600-notifications-conversations.js';
import * as feedCandidates from './migrations/2026-11-23T1700-feed-candidates.js';
import * as appSettingsMediaFolders from './migrations/2026-11-23T1800-app-settings-media-folders.js';
import * as rateLimits from './migrations/2026-11-23T1900-rate-limits.js';
import * as jobs from './migrations/2026-11-23T2000-jobs.js';
import * as audiencePostCounts from './migrations/2026-11-23T2100-audience-post-counts.js';
import * as safety from './migrations/2026-11-24T0900-safety.js';
import * as moderation from './migrations/2026-11-24T1100-moderation.js';
import * as mediaHashes from './migrations/2026-11-24T1200-media-hashes.js';
import * as preferences from './migrations/2026-11-25T0900-preferences.js';
import * as passwordResets from './migrations/2026-11-25T1000-password-resets.js';
import * as twoFactor from './migrations/2026-11-25T1100-two-factor.js';
import * as emailConfirmation from './migrations/2026-11-25T1200-email-confirmation.js';
import * as accountDeletion from './migrations/2026-11-25T1300-account-deletion.js';
import * as payments from './migrations/2026-11-26T0900-payments.js';
import * as processorEventDeferrals from './migrations/2026-11-26T1100-processor-event-deferrals.js';
import * as forYou from './migrations/2026-11-27T0900-for-you.js';
import * as hashtags from './migrations/2026-11-27T1000-hashtags.js';
import * as messageMedia from './migrations/2026-11-27T1100-message-media.js';
import * as homeTimelines from './migrations/2026-11-27T1200-home-timelines.js';
import * as usersWithdrawn from './migrations/2026-11-27T1400-users-withdrawn.js';
import * as idempotencyKeys from './migrations/2026-11-27T1800-idempotency-keys.js';
import * as jobSchedules from './migrations/2026-11-27T1900-job-schedules.js';
import * as streamLadder from './migrations/2026-11-27T2000-stream-ladder.js';
import * as commentThreads from './migrations/2026-11-28T1000-comment-threads.js';

/**
 * Migrations are listed here rather than read from the folder, so the order is explicit and the
 * bundle-free `tsx` runtime needs no dynamic imports. Names sort in date order.
 */
const migrations: Record<string, Migration> = {
  '2026-11-22T0900-initial': initial,
  '2026-11-23T0900-people-search': peopleSearch,
  '2026-11-23T1000-post-views': postViews,
  '2026-11-23T1100-media-jobs': mediaJobs,
  '2026-11-23T1200-messages': messages,
  '2026-11-23T1300-feed': feed,
  '2026-11-23T1400-saved-posts': savedPosts,
  '2026-11-23T1500-search': search,
  '2026-11-23T1600-notifications-conversations': notificationsConversations,
  '2026-11-23T1700-feed-candidates': feedCandidates,
  '2026-11-23T1800-app-settings-media-folders': appSettingsMediaFolders,
  '2026-11-23T1900-rate-limits': rateLimits,
  '2026-11-23T2000-jobs': jobs,
  '2026-11-23T2100-audience-post-counts': audiencePostCounts,
  '2026-11-24T0900-safety': safety,
  '2026-11-24T1100-moderation': moderation,
  '2026-11-24T1200-media-hashes': mediaHashes,
  '2026-11-25T0900-preferences': preferences,
  '2026-11-25T1000-password-resets': passwordResets,
  '2026-11-25T1100-two-factor': twoFactor,
  '2026-11-25T1200-email-confirmation': emailConfirmation,
  '2026-11-25T1300-account-deletion': accountDeletion,
  '2026-11-26T0900-payments': payments,
  '2026-11-26T1100-processor-event-deferrals': processorEventDeferrals,
  '2026-11-27T0900-for-you': forYou,
  '2026-11-27T1000-hashtags': hashtags,
  '2026-11-27T1100-message-media': messageMedia,
  '2026-11-27T1200-home-timelines': homeTimelines,
  '2026-11-27T1400-users-withdrawn': usersWithdrawn,
  '2026-11-27T1800-idempotency-keys': idempotencyKeys,
  '2026-11-27T1900-job-schedules': jobSchedules,
  '2026-11-27T2000-stream-ladder': streamLadder,
  '2026-11-28T1000-comment-threads': commentThreads,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrates any database, whatever its schema type
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error });
  }
}

/** Migrates up or down to the named migration (tests use it to check what a migration carries over). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrates any database, whatever its schema type
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateTo(name);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) throw new Error(`Migration to ${name} failed`, { cause: error });
}

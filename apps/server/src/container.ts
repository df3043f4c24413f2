import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { createMediaGrants } from './lib/media-grants.js';
import { createCommentsRepository } from './repositories/comments.repository.js';
import { createFeedRepository } from './repositories/feed.repository.js';
import { createFollowsRepository } from './repositories/follows.repository.js';
import { createLoginFailuresRepository } from './repositories/login-failures.repository.js';
import { createPeopleRepository } from './repositories/people.repository.js';
import { createPostWritesRepository } from './repositories/post-writes.repository.js';
import { createPostsRepository } from './repositories/posts.repository.js';
import { createProfilesRepository } from './repositories/profiles.repository.js';
import { createStoriesRepository } from './repositories/stories.repository.js';
import { createSessionsRepository } from './repositories/sessions.repository.js';
import { createUsersRepository } from './repositories/users.repository.js';
import { createAccountService } from './services/account.service.js';
import { createAuthService } from './services/auth.service.js';
import { createFeedService } from './services/feed.service.js';
import { createFollowsService } from './services/follows.service.js';
import { createPeopleService } from './services/people.service.js';
import { createMediaWorker } from './services/media-worker.js';
import { createPostsService } from './services/posts.service.js';
import { createProfilePictureService } from './services/profile-picture.service.js';
import { createProfilesService } from './services/profiles.service.js';
import { createStoriesService } from './services/stories.service.js';
import { createUploadService } from './services/upload.service.js';

/** Wires repositories into services once per app instance. */
export function createServices(db: Database, config: Config, clock: Clock) {
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const loginFailures = createLoginFailuresRepository(db);
  const profiles = createProfilesRepository(db);
  const follows = createFollowsRepository(db);
  const people = createPeopleRepository(db);
  const posts = createPostsRepository(db);
  const comments = createCommentsRepository(db);
  const postWrites = createPostWritesRepository(db);
  const mediaGrants = createMediaGrants({ secret: config.mediaUrlSecret, clock });
  const feedRepository = createFeedRepository(db);
  const mediaWorker = createMediaWorker({ postWrites, clock, mediaDir: config.mediaDir });
  return {
    auth: createAuthService({ users, sessions, loginFailures, clock, throttle: config.loginThrottle }),
    profiles: createProfilesService({ profiles, clock, grants: mediaGrants }),
    follows: createFollowsService({ follows, people, clock }),
    people: createPeopleService({ people }),
    account: createAccountService({ users, clock }),
    posts: createPostsService({ posts, comments, clock, grants: mediaGrants, saved: feedRepository }),
    mediaGrants,
    feed: createFeedService({ feed: feedRepository, grants: mediaGrants }),
    stories: createStoriesService({ stories: createStoriesRepository(db), clock, grants: mediaGrants, mediaDir: config.mediaDir }),
    uploads: createUploadService({
      postWrites,
      clock,
      mediaDir: config.mediaDir,
      uploadDir: config.uploadDir,
      onVideoQueued: () => mediaWorker.notify(),
    }),
    mediaWorker,
    profilePicture: createProfilePictureService({ users, clock, mediaDir: config.mediaDir }),
  };
}

export type Services = ReturnType<typeof createServices>;

import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { Clock } from './lib/clock.js';
import { createLoginFailuresRepository } from './repositories/login-failures.repository.js';
import { createSessionsRepository } from './repositories/sessions.repository.js';
import { createUsersRepository } from './repositories/users.repository.js';
import { createAuthService } from './services/auth.service.js';

/** Wires repositories into services once per app instance. */
export function createServices(db: Database, config: Config, clock: Clock) {
  const users = createUsersRepository(db);
  const sessions = createSessionsRepository(db);
  const loginFailures = createLoginFailuresRepository(db);
  return {
    auth: createAuthService({ users, sessions, loginFailures, clock, throttle: config.loginThrottle }),
  };
}

export type Services = ReturnType<typeof createServices>;

import type { IdentityService } from '../services/identity.service.js';
import type { JobHandler } from './job-worker.js';

/** How often each process deletes the identity documents whose 30 days after the decision are over. */
export const IDENTITY_PURGE_EVERY_MS = 60 * 60_000;

/**
 * Deletes the identity documents of requests decided more than 30 days ago (docs/product-decisions.md
 * §11). Safe to run anywhere and again: a request is marked only after its files are gone.
 */
export function identityPurgeJob({ identity }: { identity: Pick<IdentityService, 'purgeDecided'> }): JobHandler<'identity.purge'> {
  return {
    async run(_data, context) {
      const purged = await identity.purgeDecided();
      if (purged > 0) context.log.info({ purged }, 'documentos de identidad eliminados');
    },
  };
}

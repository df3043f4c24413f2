import type { MediaHashesRepository } from '../repositories/media-hashes.repository.js';
import type { MediaHashesService } from '../services/media-hashes.service.js';
import type { JobHandler } from './job-worker.js';

/**
 * Hashes a taken-down subject's stored media onto the block list. The hashes are stored in the
 * transaction that ends the job, only while this worker holds it: a restore that dropped the job
 * meanwhile (media-hashes.repository remove) leaves nothing behind. The takedown itself was committed
 * before the job was queued; a job that fails for good leaves it as it is, and says so in the log.
 */
export function mediaBlockJob({ mediaHashes, hashes }: { mediaHashes: Pick<MediaHashesService, 'hashSubject'>; hashes: Pick<MediaHashesRepository, 'insert'> }): JobHandler<'media.block'> {
  return {
    async run({ subjectType, subjectId }, context) {
      const found = await mediaHashes.hashSubject(subjectType, subjectId, context.signal);
      if (await context.complete((trx) => hashes.insert(subjectType, subjectId, found, trx))) {
        context.log.info({ subjectType, subjectId, hashes: found.length }, 'taken-down media hashed');
      }
    },
  };
}

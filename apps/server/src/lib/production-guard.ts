import { sql } from 'kysely';
import { missingS3Settings, type Config } from '../config.js';
import type { Database } from '../db/database.js';
import { DEMO_EMAIL_DOMAIN, TRY_ACCOUNT } from '../seed/world-data.js';

/**
 * What a production server (NODE_ENV=production) refuses to start with (docs/product-decisions.md §10a): the demo
 * world, demo accounts already in its database, and test-only providers. Each refusal names itself.
 */
export async function productionProblems(config: Config, db: Database): Promise<string[]> {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!config.appSecret) problems.push('APP_SECRET is not set: production takes its signing secret from the environment, the same in every process');
  if (config.payments.provider === 'sandbox') {
    problems.push('PAYMENT_PROVIDER=sandbox: the test-card provider charges no one; production takes payments through CCBill (CCBILL_* settings)');
  }
  if (!config.identityKey) problems.push('IDENTITY_KEY is not set: production takes the key of identity documents from the environment, never from beside the data');
  const missingS3 = missingS3Settings(config.storage);
  if (missingS3.length > 0) problems.push(`STORAGE=s3 without ${missingS3.join(', ')}: media and identity documents would have nowhere to go`);
  if (config.seedDemo) problems.push('SEED_DEMO=1: the demo world is not allowed in production');
  const demo = await sql<{ found: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM users WHERE lower(email) = ${TRY_ACCOUNT.email} OR lower(email) LIKE ${`%@${DEMO_EMAIL_DOMAIN}`}
    ) AS found`.execute(db);
  if (demo.rows[0]?.found) problems.push(`the database holds demo accounts (${TRY_ACCOUNT.email}, *@${DEMO_EMAIL_DOMAIN}); remove them first`);
  return problems;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

/** Placeholder replaced by the demo-world generator. */
export async function seedDemoWorld(_options: { db: Database; mediaDir: string; log: FastifyBaseLogger }): Promise<void> {}

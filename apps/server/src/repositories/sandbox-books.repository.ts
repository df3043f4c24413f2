import type { Database } from '../db/database.js';
import type { SandboxCardsTable, SandboxChargesTable } from '../db/schema.js';

/** The sandbox provider's own records (payments/sandbox.ts): its cards by token and its charges. */
export function createSandboxBooksRepository(db: Database) {
  return {
    /** Keeps a card the provider has seen under its token (the same card form gives the same token). */
    async saveCard(card: Omit<SandboxCardsTable, 'created_at'>): Promise<void> {
      await db.insertInto('sandbox_cards').values(card).onConflict((oc) => oc.column('token').doNothing()).execute();
    },

    async card(token: string): Promise<Omit<SandboxCardsTable, 'created_at'> | undefined> {
      return db.selectFrom('sandbox_cards').select(['token', 'brand', 'last4', 'exp_month', 'exp_year', 'outcome']).where('token', '=', token).executeTakeFirst();
    },

    /**
     * Records a charge once per idempotency key and returns the one recorded: a second call with the
     * same key (a retried request, a second worker) gets the first one's answer and charges nothing.
     */
    async recordCharge(charge: Omit<SandboxChargesTable, 'created_at'>): Promise<Omit<SandboxChargesTable, 'created_at'>> {
      const inserted = await db
        .insertInto('sandbox_charges')
        .values(charge)
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .returning(['id', 'idempotency_key', 'card_token', 'amount', 'currency', 'description', 'outcome', 'decline_code'])
        .executeTakeFirst();
      if (inserted) return inserted;
      return db
        .selectFrom('sandbox_charges')
        .select(['id', 'idempotency_key', 'card_token', 'amount', 'currency', 'description', 'outcome', 'decline_code'])
        .where('idempotency_key', '=', charge.idempotency_key)
        .executeTakeFirstOrThrow();
    },

    async chargeCount(): Promise<number> {
      const row = await db.selectFrom('sandbox_charges').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type SandboxBooksRepository = ReturnType<typeof createSandboxBooksRepository>;

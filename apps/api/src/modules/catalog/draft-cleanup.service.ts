/**
 * Empty drafts are cleaned up: "Create Product" makes a draft at once, and a seller who
 * leaves the edit screen without saving would otherwise keep it for ever (it also counts against
 * the plan's product limit). A draft never saved (updated_at is still created_at: every save
 * sets updated_at) and older than a day is deleted by a periodic sweep of every API instance.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { type BackgroundChanges, cacheTags } from '#api/lib/cache-changes.ts';
import { type SweepLog, startPeriodicSweep } from '#api/lib/periodic-sweep.ts';

/** How old a never-saved draft must be before it is deleted. */
export const EMPTY_DRAFT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often each instance sweeps. Concurrent sweeps are harmless: a row is deleted once. */
export const DRAFT_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes the never-saved drafts created before `now` minus a day, in one statement; answers how
 * many. Drafts have no orders or reviews, so nothing else changes. The partial index
 * products_draft_created_idx (migration 0008) holds only drafts, by age.
 */
export async function deleteEmptyDrafts(db: Db, now: Date = new Date()): Promise<number> {
  return (await deleteEmptyDraftIds(db, now)).length;
}

/** deleteEmptyDrafts, answering the ids deleted. */
async function deleteEmptyDraftIds(db: Db, now: Date = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - EMPTY_DRAFT_MAX_AGE_MS);
  const deleted = await db
    .delete(products)
    .where(
      and(
        eq(products.isDraft, true),
        lt(products.createdAt, cutoff),
        sql`${products.updatedAt} = ${products.createdAt}`,
      ),
    )
    .returning({ id: products.id });
  return deleted.map((row) => row.id);
}

/**
 * Sweeps every hour until stopped (lib/periodic-sweep.ts). Drafts are in no list, count or
 * page anyone else reads, so a sweep drops only the deleted drafts' own pages from the read
 * cache, and one that deletes nothing drops nothing.
 */
export function startDraftCleanup(
  log: SweepLog & { info(obj: object, msg: string): void },
  inBackground: BackgroundChanges,
): () => Promise<void> {
  const sweep = async () => {
    const deleted = await inBackground(
      (db) => deleteEmptyDraftIds(db),
      (ids) => ids.map(cacheTags.product),
    );
    if (deleted.length > 0) log.info({ deleted: deleted.length }, 'empty product drafts deleted');
  };
  return startPeriodicSweep(DRAFT_SWEEP_INTERVAL_MS, sweep, log, 'deleting empty product drafts failed');
}

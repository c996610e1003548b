/**
 * The favourites mail sweep of every API instance: each minute, the sales that started lately
 * become notices, and the users with news about their saved products and no favourites mail in the last day get one (modules/favourites). Two
 * instances sweeping at once send one mail: a user's notices are claimed under their row lock.
 * The sweep writes only notices, which no cached answer shows: it drops nothing from the cache.
 */
import type { AppDeps } from '#api/app-deps.ts';
import type { Db } from '#api/db/client.ts';
import type { BackgroundChanges } from '#api/lib/cache-changes.ts';
import { type SweepLog, startPeriodicSweep } from '#api/lib/periodic-sweep.ts';
import { favouritesMail } from '#api/mails/favourites-mail.ts';
import { noticeSalesStarted, sendFavouriteDigests } from '#api/modules/favourites/favourite-notices.service.ts';
import { mailLinkOrigin } from '#api/site/mail-link-origin.ts';

export const FAVOURITE_MAIL_SWEEP_MS = 60 * 1000;

/** Sends every favourites mail due at `now` through `db`; answers how many went. */
export async function sendDueFavouriteMails(db: Db, deps: Pick<AppDeps, 'mailer' | 'config'>, now = new Date()) {
  const origin = mailLinkOrigin(deps.config);
  // Sales that started since the last sweeps become notices first, so this mail can tell of them.
  await noticeSalesStarted(db, now);
  return sendFavouriteDigests(db, (digest) => deps.mailer.send(favouritesMail(digest, origin)), now);
}

export function startFavouriteMails(
  deps: AppDeps,
  inBackground: BackgroundChanges,
  log: SweepLog,
): () => Promise<void> {
  return startPeriodicSweep(
    FAVOURITE_MAIL_SWEEP_MS,
    async () => {
      await inBackground(
        (db) => sendDueFavouriteMails(db, deps),
        () => [],
      );
    },
    log,
    'sending favourites mails failed',
  );
}

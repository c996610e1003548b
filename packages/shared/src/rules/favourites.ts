/** Favourites: how many a user may save, and how often their favourites mail may go. */

/** The most products one user may save (the list shows them all, on one page). */
export const MAX_FAVOURITES = 500;

/** At most one favourites mail a day per user; what happens in between waits and is summarised. */
export const FAVOURITE_MAIL_INTERVAL_MS = 24 * 60 * 60 * 1000;

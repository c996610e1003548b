/**
 * Seller applications and the admins' decisions (docs/decisions/265-seller-application-decisions.md):
 * every application and every decision is a row of `seller_application_events`, kept for good.
 * An approval does one thing wherever it is made, the queue (PUT /api/seller-applications/{id})
 * or the user edit's `is_seller` toggle (PUT /api/users/{id}): `approveSeller`.
 */
import type {
  ApplicationDecisionEntry,
  ApplicationDecisionKind,
  OwnSellerApplication,
  PendingSellerApplication,
  PendingSellerApplicationList,
} from '@torget/shared/api-types.generated';
import { type Language, parseLanguage } from '@torget/shared/rules/languages';
import type { ApplicationDecision } from '@torget/shared/schemas/seller-applications';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type Db, transaction } from '#api/db/client.ts';
import { sellerApplicationEvents, sellerPersonalNumbers, sellers, users } from '#api/db/schema.ts';
import { conflict, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { bookPlanFeeOnApproval } from '#api/modules/ledger/ledger-bookings.ts';
import { toSellerProfile } from '#api/modules/users/user-json.ts';
import { shownPersonalNumber } from './seller-identity.service';

export const NO_APPLICATION = 'This user has not applied to become a seller.';
export const ALREADY_APPROVED = 'This application is already approved: the user is a seller.';
export const ALREADY_DECIDED = 'This application was already decided; the user has not applied again since.';

type EventRow = typeof sellerApplicationEvents.$inferSelect;
type Decided = EventRow & { kind: ApplicationDecisionKind };

const DECISIONS: ApplicationDecisionKind[] = ['approved', 'rejected', 'revoked'];

const isDecision = (event: EventRow): event is Decided => event.kind !== 'applied';

const toDecisionEntry = (event: Decided): ApplicationDecisionEntry => ({
  decision: event.kind,
  reason: event.reason,
  decided_at: event.createdAt.toISOString(),
});

/** Records that the user sent the application (in the application's transaction). */
export async function recordApplication(tx: Db, userId: string, language: Language): Promise<void> {
  await tx.insert(sellerApplicationEvents).values({ userId, kind: 'applied', language });
}

/** Records an admin's decision on the user (in the decision's transaction). */
export async function recordDecision(
  tx: Db,
  userId: string,
  kind: ApplicationDecisionKind,
  adminId: string,
  reason = '',
): Promise<void> {
  await tx.insert(sellerApplicationEvents).values({ userId, kind, adminId, reason });
}

/**
 * Makes the user a seller, in the caller's transaction and with the user's row locked: the
 * seller flag; a shop (plan 1, the account's name and e-mail) for a user made a seller without
 * applying; the plan's yearly fee booked from now on plan 2 or 3; and the decision recorded.
 */
export async function approveSeller(
  tx: Db,
  user: { id: string; name: string; email: string },
  adminId: string,
  reason = '',
): Promise<void> {
  await tx.update(users).set({ isSeller: true, updatedAt: new Date() }).where(eq(users.id, user.id));
  await tx.insert(sellers).values({ userId: user.id, name: user.name, email: user.email }).onConflictDoNothing();
  await bookPlanFeeOnApproval(tx, user.id);
  await recordDecision(tx, user.id, 'approved', adminId, reason);
}

/** Whether the user has application history, as applicant or deciding admin (anonymised, not deleted). */
export async function hasApplicationHistory(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sellerApplicationEvents.id })
    .from(sellerApplicationEvents)
    .where(or(eq(sellerApplicationEvents.userId, userId), eq(sellerApplicationEvents.adminId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The language of the user's latest application, or null when none was recorded. */
export async function applicationLanguage(db: Db, userId: string): Promise<Language | null> {
  const [row] = await db
    .select({ language: sellerApplicationEvents.language })
    .from(sellerApplicationEvents)
    .where(and(eq(sellerApplicationEvents.userId, userId), eq(sellerApplicationEvents.kind, 'applied')))
    .orderBy(desc(sellerApplicationEvents.id))
    .limit(1);
  return parseLanguage(row?.language);
}

/**
 * What the admin reads of an application: every field of the shop as the applicant filled it in.
 * A field the application gains is added here (and to `PendingSellerApplication['seller']`).
 */
function applicationFields(
  seller: typeof sellers.$inferSelect,
  userName: string,
  personalNumber: string | null,
): PendingSellerApplication['seller'] {
  // Admins check a private applicant's identity: the personal number whole, never in a public answer.
  const shown = shownPersonalNumber(personalNumber, 'whole');
  return { ...toSellerProfile(seller, userName), ...(shown === undefined ? {} : { personal_number: shown }) };
}

/** The queue's page size (`GET /api/seller-applications?page=`): each application is a card with every field. */
export const APPLICATIONS_PAGE_SIZE = 20;

/** A pending application: applied, not a seller, not deleted (users_applicants_created_idx), with its shop. */
const pending = and(eq(users.isSeller, false), eq(users.wantsToBeSeller, true), isNull(users.deletedAt));

/**
 * When the application was sent: its latest 'applied' event (seller_application_events_user_idx),
 * or for one sent before applications were recorded, when its shop was made. The queue's order,
 * with the user's id after it.
 */
const appliedAt = sql`coalesce((
  select e.created_at from ${sellerApplicationEvents} e
   where e.user_id = ${users.id} and e.kind = 'applied' order by e.id desc limit 1
), ${sellers.createdAt})`;

/** The pending applications' rows in the queue's order, a page of them when `page` is given. */
function pendingRows(db: Db, page?: { limit: number; offset: number }) {
  const rows = db
    .select({ user: users, seller: sellers })
    .from(users)
    .innerJoin(sellers, eq(sellers.userId, users.id))
    .where(pending)
    .orderBy(asc(appliedAt), asc(users.id));
  return page ? rows.limit(page.limit).offset(page.offset) : rows;
}

type PendingRow = Awaited<ReturnType<typeof pendingRows>>[number];

/**
 * The applications of these rows, in their order, each with the shop as the applicant filled it
 * in and the earlier decisions on them. An application sent before applications were recorded
 * counts from when its shop was made.
 */
async function applicationsOf(db: Db, rows: PendingRow[]): Promise<PendingSellerApplication[]> {
  if (rows.length === 0) return [];
  const events = await db
    .select()
    .from(sellerApplicationEvents)
    .where(
      inArray(
        sellerApplicationEvents.userId,
        rows.map((r) => r.user.id),
      ),
    )
    .orderBy(asc(sellerApplicationEvents.id));
  const numbers = new Map(
    (
      await db
        .select({ sellerId: sellerPersonalNumbers.sellerId, number: sellerPersonalNumbers.personalNumber })
        .from(sellerPersonalNumbers)
        .where(
          inArray(
            sellerPersonalNumbers.sellerId,
            rows.map((r) => r.user.id),
          ),
        )
    ).map(({ sellerId, number }) => [sellerId, number]),
  );
  const byUser = new Map<string, EventRow[]>();
  for (const event of events) byUser.set(event.userId, [...(byUser.get(event.userId) ?? []), event]);
  return rows.map(({ user, seller }) => {
    const history = byUser.get(user.id) ?? [];
    const applied = history.filter((e) => e.kind === 'applied').at(-1);
    return {
      _id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
      applied_at: (applied?.createdAt ?? seller.createdAt).toISOString(),
      language: parseLanguage(applied?.language),
      seller: applicationFields(seller, user.name, numbers.get(user.id) ?? null),
      decisions: history.filter(isDecision).reverse().map(toDecisionEntry),
    } satisfies PendingSellerApplication;
  });
}

/** Every pending application, oldest application first (`GET /api/seller-applications` without a page). */
export async function listPendingApplications(db: Db): Promise<PendingSellerApplication[]> {
  return applicationsOf(db, await pendingRows(db));
}

/**
 * One page of the queue, oldest application first, with the page, the number of pages and the
 * count of every pending application (`GET /api/seller-applications?page=`): the page's
 * applications and their history only, however long the queue.
 */
export async function pagePendingApplications(db: Db, page: number): Promise<PendingSellerApplicationList> {
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(sellers, eq(sellers.userId, users.id))
    .where(pending);
  const count = counted?.count ?? 0;
  const rows = await pendingRows(db, {
    limit: APPLICATIONS_PAGE_SIZE,
    offset: (page - 1) * APPLICATIONS_PAGE_SIZE,
  });
  return {
    applications: await applicationsOf(db, rows),
    page,
    pages: Math.ceil(count / APPLICATIONS_PAGE_SIZE),
    count,
  };
}

export interface DecidedApplication {
  applicant: { _id: string; name: string; email: string };
  /** The language to write the applicant's mail in (their application's), null when not known. */
  language: Language | null;
}

/**
 * An admin decides a pending application: an approval does what the user edit's toggle does
 * (`approveSeller`); a rejection ends the application (the shop status is 'Closed' again and
 * the user may change the application and send it again). 404 for a user without an
 * application, 409 when it is not pending (approved, or decided and not sent again).
 */
export async function decideApplication(
  db: Db,
  adminId: string,
  userId: string,
  decision: ApplicationDecision,
): Promise<DecidedApplication> {
  if (!isUuid(userId)) throw notFound('User Not Found');
  return transaction(db, async (tx) => {
    // Locked: two admins deciding at once decide one after the other, and the second is told.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!user) throw notFound('User Not Found');
    const [shop] = await tx.select({ userId: sellers.userId }).from(sellers).where(eq(sellers.userId, userId));
    if (!shop) throw notFound(NO_APPLICATION);
    if (user.isSeller) throw conflict(ALREADY_APPROVED);
    if (!user.wantsToBeSeller) throw conflict(ALREADY_DECIDED);
    if (decision.approved) {
      await approveSeller(tx, user, adminId, decision.reason);
    } else {
      await tx.update(users).set({ wantsToBeSeller: false, updatedAt: new Date() }).where(eq(users.id, userId));
      await recordDecision(tx, userId, 'rejected', adminId, decision.reason);
    }
    return {
      applicant: { _id: user.id, name: user.name, email: user.email },
      language: await applicationLanguage(tx, userId),
    };
  });
}

/** The signed-in user's application: its state, and the latest decision with its reason. */
export async function readOwnApplication(db: Db, userId: string): Promise<OwnSellerApplication> {
  const [row] = await db
    .select({ isSeller: users.isSeller, wantsToBeSeller: users.wantsToBeSeller, shop: sellers.userId })
    .from(users)
    .leftJoin(sellers, eq(sellers.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound('User Not Found');
  const [latest] = await db
    .select()
    .from(sellerApplicationEvents)
    .where(and(eq(sellerApplicationEvents.userId, userId), inArray(sellerApplicationEvents.kind, DECISIONS)))
    .orderBy(desc(sellerApplicationEvents.id))
    .limit(1);
  const decision = latest && isDecision(latest) ? toDecisionEntry(latest) : null;
  const state = row.isSeller
    ? 'approved'
    : row.wantsToBeSeller
      ? 'pending'
      : !row.shop
        ? 'none'
        : decision?.decision === 'rejected'
          ? 'rejected'
          : 'closed';
  return { state, decision };
}

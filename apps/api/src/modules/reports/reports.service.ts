/**
 * Reports of products and shops (DSA art. 16) and the admin's decision on each (art. 17):
 * filing one, the moderation queue and its history, deciding (keep, or remove: the product, or
 * for a shop report every product of the shop), and the statement of reasons a seller reads on
 * a removed product's edit page (docs/decisions/243-hidden-and-removed-products.md).
 */

import type { ModerationReport, ModerationReportList, ProductRemoval } from '@torget/shared/api-types.generated';
import { canSeeProduct } from '@torget/shared/policies/products';
import type { Language } from '@torget/shared/rules/languages';
import type { ReportCategory, ReportDecision, ReportStatus } from '@torget/shared/rules/reports';
import { REPORT_ALREADY_DECIDED } from '@torget/shared/rules/reports';
import type { ReportDecisionInput, ReportInput } from '@torget/shared/schemas/reports';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, transaction } from '#api/db/client.ts';
import { products, reports, sellers, users } from '#api/db/schema.ts';
import type { AuthUser } from '#api/lib/auth.ts';
import type { ProductSnapshot } from '#api/lib/cache-changes.ts';
import { conflict, notFound } from '#api/lib/http-errors.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { snapshotColumns, snapshotOf } from '#api/modules/catalog/product-snapshot.ts';

export const REPORTS_PAGE_SIZE = 25;

/**
 * Files a report. The product must be one the reporter may see (a draft, a hidden or a removed
 * product answers 404 as everywhere), the shop an open one.
 */
export async function fileReport(
  db: Db,
  reporter: AuthUser | null,
  input: ReportInput,
  language: Language,
): Promise<{ _id: string }> {
  const target = input.product
    ? await reportedProduct(db, reporter, input.product)
    : await reportedShop(db, input.seller);
  const [row] = await db
    .insert(reports)
    .values({
      productId: target.productId,
      productName: target.productName,
      sellerId: target.sellerId,
      category: input.category,
      text: input.text,
      reporterId: reporter?.id ?? null,
      // A signed-in reporter is told at their account's address, read when the report is decided.
      reporterEmail: reporter ? null : (input.email ?? null),
      language,
    })
    .returning({ _id: reports.id });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

interface Target {
  productId: string | null;
  productName: string | null;
  sellerId: string;
}

async function reportedProduct(db: Db, reporter: AuthUser | null, id: string): Promise<Target> {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      isDraft: products.isDraft,
      hidden: products.hidden,
      removed: products.removed,
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product || !canSeeProduct(reporter, product)) throw notFound('Product Not Found');
  return { productId: product.id, productName: product.name, sellerId: product.sellerId };
}

async function reportedShop(db: Db, id: string | undefined): Promise<Target> {
  if (!id || !isUuid(id)) throw notFound('Seller Not Found');
  const [shop] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(sellers, eq(sellers.userId, users.id))
    .where(and(eq(users.id, id), eq(users.isSeller, true), isNull(users.deletedAt)));
  if (!shop) throw notFound('Seller Not Found');
  return { productId: null, productName: null, sellerId: shop.id };
}

const reporter = alias(users, 'reporter');
const decider = alias(users, 'decider');

/** The queue (open, oldest first: reports_open_idx) or the history (decided, newest first: reports_decided_idx). */
export async function listReports(db: Db, status: ReportStatus, page: number): Promise<ModerationReportList> {
  const open = status === 'open';
  const where = open ? isNull(reports.decision) : sql`${reports.decision} is not null`;
  const [counted] = await db.select({ count: sql<number>`count(*)::int` }).from(reports).where(where);
  const count = counted?.count ?? 0;
  const rows = await db
    .select({
      id: reports.id,
      productId: reports.productId,
      productName: sql<string | null>`coalesce(${products.name}, ${reports.productName})`,
      productRemoved: products.removed,
      sellerId: reports.sellerId,
      sellerName: users.name,
      shopName: sellers.name,
      category: reports.category,
      text: reports.text,
      reporterEmail: sql<string | null>`coalesce(${reports.reporterEmail}, ${reporter.email})`,
      createdAt: reports.createdAt,
      decision: reports.decision,
      reason: reports.reason,
      decidedById: reports.decidedBy,
      decidedByName: decider.name,
      decidedAt: reports.decidedAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.sellerId))
    .leftJoin(sellers, eq(sellers.userId, reports.sellerId))
    .leftJoin(products, eq(products.id, reports.productId))
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(decider, eq(decider.id, reports.decidedBy))
    .where(where)
    .orderBy(...(open ? [reports.createdAt, reports.id] : [desc(reports.decidedAt), desc(reports.id)]))
    .limit(REPORTS_PAGE_SIZE)
    .offset((page - 1) * REPORTS_PAGE_SIZE);
  return {
    reports: rows.map(
      (row): ModerationReport => ({
        _id: row.id,
        product: row.productId
          ? { _id: row.productId, name: row.productName ?? '', removed: row.productRemoved ?? false }
          : null,
        seller: { _id: row.sellerId, name: row.sellerName, shopName: row.shopName },
        category: row.category,
        text: row.text,
        reporterEmail: row.reporterEmail,
        createdAt: row.createdAt.toISOString(),
        decision: row.decision,
        reason: row.reason,
        decidedBy: row.decidedById ? { _id: row.decidedById, name: row.decidedByName ?? '' } : null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
      }),
    ),
    page,
    pages: Math.ceil(count / REPORTS_PAGE_SIZE),
    count,
  };
}

/** What a decision did, for the mails and the read cache's invalidation. */
export interface DecidedReport {
  decision: ReportDecision;
  reason: string;
  category: ReportCategory;
  /** A shop report (no product named). */
  shopReport: boolean;
  /** The reported product's name, when a product was reported. */
  productName: string | null;
  seller: { _id: string; name: string; email: string; shopName: string | null };
  /** Where the outcome goes: the signed-out reporter's e-mail, or the signed-in reporter's account's. */
  reporterEmail: string | null;
  language: Language;
  /** The products taken out of public view, as they were and as they are. */
  removed: { before: ProductSnapshot; after: ProductSnapshot; name: string }[];
}

/**
 * Decides an open report, once: a second decision is refused (409), so each stays as taken. To
 * remove sets `removed` on the reported product, or on every product of a reported shop, with
 * their public view (`seller_active`) in the same statement, as a save's `hidden` does.
 */
export async function decideReport(
  db: Db,
  adminId: string,
  id: string,
  input: ReportDecisionInput,
): Promise<DecidedReport> {
  if (!isUuid(id)) throw notFound('Report Not Found');
  return transaction(db, async (tx) => {
    // Locked: two admins deciding at once decide one after the other, and the second is told.
    const [report] = await tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!report) throw notFound('Report Not Found');
    if (report.decision !== null) throw conflict(REPORT_ALREADY_DECIDED);
    await tx
      .update(reports)
      .set({ decision: input.decision, reason: input.reason, decidedBy: adminId, decidedAt: new Date() })
      .where(eq(reports.id, id));
    const removed = input.decision === 'remove' ? await removeListings(tx, report) : [];
    const [seller] = await tx
      .select({ _id: users.id, name: users.name, email: users.email, shopName: sellers.name })
      .from(users)
      .leftJoin(sellers, eq(sellers.userId, users.id))
      .where(eq(users.id, report.sellerId));
    if (!seller) throw new Error('a report names a seller that is not there');
    const [reporterRow] = report.reporterId
      ? await tx.select({ email: users.email }).from(users).where(eq(users.id, report.reporterId))
      : [];
    return {
      decision: input.decision,
      reason: input.reason,
      category: report.category,
      shopReport: report.productId === null && report.productName === null,
      productName: report.productName,
      seller,
      reporterEmail: report.reporterEmail ?? reporterRow?.email ?? null,
      language: report.language === 'en' ? 'en' : 'sv',
      removed,
    };
  });
}

async function removeListings(db: Db, report: typeof reports.$inferSelect) {
  const which = report.productId
    ? eq(products.id, report.productId)
    : and(eq(products.sellerId, report.sellerId), eq(products.removed, false));
  // A product report whose product was deleted since removes nothing.
  if (!which || (report.productId === null && report.productName !== null)) return [];
  const before = db.$with('before_removal').as(
    db
      .select({ ...snapshotColumns, before: sql<boolean>`${products.sellerActive}`.as('before_active') })
      .from(products)
      .where(which)
      .for('no key update'),
  );
  const rows = await db
    .with(before)
    .update(products)
    .set({ removed: true, sellerActive: false, updatedAt: new Date() })
    .from(before)
    .where(eq(products.id, before.id))
    .returning({ ...snapshotColumns, beforeActive: before.before });
  return rows.map((row) => ({
    before: snapshotOf({ ...row, sellerActive: row.beforeActive }),
    after: snapshotOf(row),
    name: row.name,
  }));
}

/**
 * The statement of reasons of a removed product, for its seller's edit page: the latest decision
 * that removed it (its own report's, or its shop's). Null when the product is not removed.
 */
export async function productRemoval(
  db: Db,
  product: { id: string; sellerId: string },
): Promise<ProductRemoval | null> {
  const [row] = await db
    .select({ category: reports.category, reason: reports.reason, decidedAt: reports.decidedAt })
    .from(reports)
    .innerJoin(products, eq(products.id, product.id))
    .where(
      and(
        eq(products.removed, true),
        eq(reports.decision, 'remove'),
        or(
          eq(reports.productId, product.id),
          and(isNull(reports.productId), isNull(reports.productName), eq(reports.sellerId, product.sellerId)),
        ),
      ),
    )
    .orderBy(desc(reports.decidedAt))
    .limit(1);
  if (!row?.reason || !row.decidedAt) return null;
  return { category: row.category, reason: row.reason, decidedAt: row.decidedAt.toISOString() };
}

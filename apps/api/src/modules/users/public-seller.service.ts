/** What anyone may read of a seller: the storefront and payment-choice fields. */
import type { PublicSeller } from '@torget/shared/api-types.generated';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { sellers, users } from '#api/db/schema.ts';
import { isUuid } from '#api/lib/uuid.ts';
import { toPublicSeller } from './user-json';

/** An active seller's public profile, or null (unknown id, not a seller, or deleted). */
export async function findPublicSeller(db: Db, id: string): Promise<PublicSeller | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ user: users, seller: sellers })
    .from(users)
    .innerJoin(sellers, eq(sellers.userId, users.id))
    .where(and(eq(users.id, id), eq(users.isSeller, true), isNull(users.deletedAt)));
  return row ? toPublicSeller(row.user, row.seller) : null;
}

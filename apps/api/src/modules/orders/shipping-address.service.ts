/** The shipping address kept on the user (spec section 3), prefilled at the next checkout. */
import type { SaveShippingAddressInput } from '@torget/shared/schemas/orders';
import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';

export async function saveShippingAddress(db: Db, userId: string, input: SaveShippingAddressInput): Promise<void> {
  await db
    .update(users)
    .set({
      shippingFullName: input.shipping_full_name,
      shippingAddress: input.shipping_address,
      shippingPostalCode: input.shipping_postal_code,
      shippingCity: input.shipping_city,
      shippingCountry: input.shipping_country,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** /api/products, for sellers: a new, empty product (a draft) in the seller's own shop. */
import { productCreatedSchema } from '@torget/shared/schemas/answers/catalog';
import { dbFor, declareChanges, productChangeTags } from '#api/lib/cache-changes.ts';
import { startDraftCleanup } from '#api/modules/catalog/draft-cleanup.service.ts';
import { findProductFacts } from '#api/modules/catalog/product-facts.service.ts';
import { createEmptyProduct } from '#api/modules/catalog/products.service.ts';
import { type RoutePlugin, userOf } from '#api/routes/audiences.ts';
import { productOrNotFound } from './product-or-not-found';

export const sellerProductRoutes: RoutePlugin = async (app) => {
  // Drafts left empty are deleted after a day; every instance sweeps (draft-cleanup.service.ts).
  const stopDraftCleanup = startDraftCleanup(app.log, app.backgroundChanges);
  app.addHook('onClose', stopDraftCleanup);

  app.post('/', { schema: { response: { 201: productCreatedSchema } } }, async (request, reply) => {
    // Refused (the plan's limit), nothing changed; made, its lists change (lib/cache-changes.ts).
    declareChanges(request, []);
    const user = userOf(request);
    const db = dbFor(request);
    const id = await createEmptyProduct(db, user);
    const made = await findProductFacts(db, id);
    declareChanges(request, productChangeTags(made ? [made] : []));
    return reply.status(201).send({ message: 'Product Created', product: await productOrNotFound(db, id, user) });
  });
};

import type { FastifyInstance } from 'fastify';
import { asAnswer, sendKept } from '../http/kept-answer';
import { pageAnswer } from '../http/simple-rest';
import { getProduct, listProducts, type ProductListQuery } from './products.service';
import { catalogueOf } from './products.catalogue';
import type { ProductBody } from './products.fields';
import { createProduct, deleteProduct, sortProduct, swapProducts, updateProduct } from './products.write';
import * as s from './products.schemas';
import { errors, type IdParams, listOf, routeDoc } from '../http/schemas';


/**
 * The products API (spec section 7). 'view products' (or 'create products') reads the catalogue that
 * applies to the reader (products.catalogue.ts: staff all of it, a dealer their company's); every
 * write needs 'create products' (spec section 6).
 */
export default async function productRoutes(app: FastifyInstance) {
  const { requirePermission } = app.auth;
  const read = requirePermission('view products', 'create products');
  const manage = requirePermission('create products');
  const doc = routeDoc('products');

  app.get<{ Querystring: ProductListQuery }>(
    '/products',
    {
      preHandler: read,
      schema: {
        ...doc("The reader's catalogue (staff: every product; a dealer: their company's regions and dealer types, priced in its currency) with their terms, by position (order_column ASC): ra-data-simple-rest (sort, range, filter {q, id, region, type, parent}) or the plain term filters region and type (ids or slugs); total in Content-Range"),
        querystring: s.listQuery,
        response: { 200: listOf(s.product), ...errors(400, 401, 403) },
      },
    },
    // The same for every reader of one catalogue (all of it, or one dealer's), until the next write (server/db/read-cache.ts).
    async (request, reply) => {
      const catalogue = await catalogueOf(app.db, request.viewer!, request);
      return sendKept(request, reply, `products:${catalogue.key}:${JSON.stringify(request.query)}`, () => pageAnswer('products', listProducts(app.db, request.query, catalogue)));
    },
  );

  // Before /products/:id, so "swap" is never taken for an id.
  app.post<{ Body: { productId1: number; productId2: number } }>(
    '/products/swap',
    { preHandler: manage, schema: { ...doc('Swap the positions of two products'), body: s.swapBody, response: { 200: s.swapResponse, ...errors(400, 401, 403, 404) } } },
    async (request) => swapProducts(app.db, request.body.productId1, request.body.productId2),
  );

  app.get<IdParams>(
    '/products/:id',
    { preHandler: read, schema: { ...doc('A product by id or guid, with its terms'), params: s.params.product, response: { 200: s.product, ...errors(401, 403, 404) } } },
    async (request, reply) => {
      const catalogue = await catalogueOf(app.db, request.viewer!, request);
      return sendKept(request, reply, `product:${catalogue.key}:${request.params.id}`, () => asAnswer(getProduct(app.db, request.params.id, catalogue)));
    },
  );

  app.post<{ Body: ProductBody }>(
    '/products',
    { preHandler: manage, schema: { ...doc("Create a product at the end of the list ({product, terms} or flat fields; 'Product Created')"), body: s.productBody, response: { 201: s.product, ...errors(400, 401, 403, 413, 422) } } },
    async (request, reply) => reply.status(201).send(await createProduct(app.db, request.body)),
  );

  app.put<IdParams & { Body: ProductBody }>(
    '/products/:id',
    {
      preHandler: manage,
      schema: { ...doc("Update a product by id or guid: the fields sent ('Product Updated')"), params: s.params.product, body: s.productBody, response: { 200: s.product, ...errors(400, 401, 403, 404, 413, 422) } },
    },
    async (request) => updateProduct(app.db, request.params.id, request.body),
  );

  app.delete<IdParams>(
    '/products/:id',
    { preHandler: manage, schema: { ...doc("Delete a product ('Product Removed'); the ones after it move up, and it leaves other products' children"), params: s.params.product, response: { 200: s.deleteResponse, ...errors(401, 403, 404) } } },
    async (request) => deleteProduct(app.db, request.params.id),
  );

  app.post<IdParams & { Body: { to: number } }>(
    '/products/:id/sort',
    {
      preHandler: manage,
      schema: { ...doc("Move a product to position `to` (1-based), shifting the others ('Value must be more than 0', 'Value cannot be more than N')"), params: s.params.product, body: s.sortBody, response: { 200: s.product, ...errors(400, 401, 403, 404, 422) } },
    },
    async (request) => sortProduct(app.db, request.params.id, request.body.to),
  );
}

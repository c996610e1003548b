/**
 * The answers' schemas against the types generated from the OpenAPI document
 * (api-types.generated.ts): each schema's output is exactly the type openapi-typescript made of
 * it (checked by tsc), so what a route declares is what the web reads; and each converts to JSON
 * Schema under an id of its own.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type {
  AdminOverview,
  AdminOverviewCount,
  ApiError,
  ApplicationDecisionEntry,
  ApplicationDecisionKind,
  FacetValue,
  FavouriteStateResponse,
  FavouritesResponse,
  FeeSettings,
  LedgerEarningsMonth,
  LedgerEntry,
  LedgerSellerBalance,
  LedgerStatement,
  LowStockProduct,
  MaskedPayoutAccount,
  ModerationReport,
  ModerationReportList,
  Order,
  OrderItem,
  OrderMessage,
  OrderRefund,
  OrderSellerRef,
  OrderVat,
  OrderWithdrawal,
  OwnSellerApplication,
  PaymentRefund,
  PaymentResult,
  PayoutAccountAnswer,
  PayoutBatch,
  PayoutLine,
  PaypalCaptureRecord,
  PendingSellerApplication,
  PendingSellerApplicationList,
  ProductDetails,
  ProductFacets,
  ProductListResponse,
  ProductOption,
  ProductRemoval,
  ProductSale,
  ProductSellerRef,
  ProductSummary,
  ProductVariant,
  PublicSeller,
  Review,
  SalesOverviewBucket,
  SellerApplicationState,
  SellerBrief,
  SellerOverview,
  SellerPaymentRequest,
  SellerProfile,
  Shipment,
  ShippingAddress,
  SignedInUser,
  SuggestedProduct,
  SuggestedShop,
  SuggestResponse,
  TopSeller,
  UnusedCaptureReason,
  UserDetails,
  UserListEntry,
  WithdrawalListEntry,
} from '../../api-types.generated';
import { adminOverviewCountSchema, adminOverviewSchema } from './admin';
import {
  orderMessageSchema,
  orderRefundSchema,
  orderWithdrawalSchema,
  shipmentSchema,
  withdrawalListEntrySchema,
} from './after-sale';
import {
  facetValueSchema,
  productDetailsSchema,
  productFacetsSchema,
  productListResponseSchema,
  productOptionSchema,
  productSaleSchema,
  productSellerRefSchema,
  productSummarySchema,
  productVariantSchema,
  reviewSchema,
  sellerBriefSchema,
  suggestedProductSchema,
  suggestedShopSchema,
  suggestResponseSchema,
  topSellerSchema,
} from './catalog';
import { apiErrorSchema } from './errors';
import { favouriteStateResponseSchema, favouritesResponseSchema } from './favourites';
import {
  feeSettingsSchema,
  ledgerEarningsMonthSchema,
  ledgerEntrySchema,
  ledgerSellerBalanceSchema,
  ledgerStatementSchema,
  sellerPaymentRequestSchema,
} from './ledger';
import {
  lowStockProductSchema,
  orderItemSchema,
  orderSchema,
  orderSellerRefSchema,
  orderVatSchema,
  paymentResultSchema,
  salesOverviewBucketSchema,
  sellerOverviewSchema,
  shippingAddressSchema,
} from './orders';
import { paymentRefundSchema, paypalCaptureRecordSchema, unusedCaptureReasonSchema } from './payments';
import { maskedPayoutAccountSchema, payoutAccountAnswerSchema, payoutBatchSchema, payoutLineSchema } from './payouts';
import { moderationReportListSchema, moderationReportSchema, productRemovalSchema } from './reports';
import {
  applicationDecisionEntrySchema,
  applicationDecisionKindSchema,
  ownSellerApplicationSchema,
  pendingSellerApplicationListSchema,
  pendingSellerApplicationSchema,
  sellerApplicationStateSchema,
} from './seller-applications';
import {
  publicSellerSchema,
  sellerProfileSchema,
  signedInUserSchema,
  userDetailsSchema,
  userListEntrySchema,
} from './users';

const schemas = {
  SellerBrief: sellerBriefSchema,
  ProductSellerRef: productSellerRefSchema,
  Review: reviewSchema,
  ProductSale: productSaleSchema,
  ProductSummary: productSummarySchema,
  ProductDetails: productDetailsSchema,
  ProductOption: productOptionSchema,
  ProductVariant: productVariantSchema,
  ProductListResponse: productListResponseSchema,
  SuggestedProduct: suggestedProductSchema,
  SuggestedShop: suggestedShopSchema,
  SuggestResponse: suggestResponseSchema,
  ProductFacets: productFacetsSchema,
  FacetValue: facetValueSchema,
  TopSeller: topSellerSchema,
  ApiError: apiErrorSchema,
  SellerProfile: sellerProfileSchema,
  UserDetails: userDetailsSchema,
  SignedInUser: signedInUserSchema,
  PublicSeller: publicSellerSchema,
  UserListEntry: userListEntrySchema,
  OrderItem: orderItemSchema,
  OrderVat: orderVatSchema,
  ShippingAddress: shippingAddressSchema,
  PaymentResult: paymentResultSchema,
  OrderSellerRef: orderSellerRefSchema,
  Order: orderSchema,
  OrderRefund: orderRefundSchema,
  OrderWithdrawal: orderWithdrawalSchema,
  WithdrawalListEntry: withdrawalListEntrySchema,
  Shipment: shipmentSchema,
  OrderMessage: orderMessageSchema,
  UnusedCaptureReason: unusedCaptureReasonSchema,
  PaymentRefund: paymentRefundSchema,
  PaypalCaptureRecord: paypalCaptureRecordSchema,
  SalesOverviewBucket: salesOverviewBucketSchema,
  LowStockProduct: lowStockProductSchema,
  SellerOverview: sellerOverviewSchema,
  LedgerEntry: ledgerEntrySchema,
  LedgerStatement: ledgerStatementSchema,
  SellerPaymentRequest: sellerPaymentRequestSchema,
  LedgerEarningsMonth: ledgerEarningsMonthSchema,
  LedgerSellerBalance: ledgerSellerBalanceSchema,
  FeeSettings: feeSettingsSchema,
  MaskedPayoutAccount: maskedPayoutAccountSchema,
  PayoutAccountAnswer: payoutAccountAnswerSchema,
  PayoutLine: payoutLineSchema,
  PayoutBatch: payoutBatchSchema,
  ApplicationDecisionKind: applicationDecisionKindSchema,
  ApplicationDecisionEntry: applicationDecisionEntrySchema,
  PendingSellerApplication: pendingSellerApplicationSchema,
  PendingSellerApplicationList: pendingSellerApplicationListSchema,
  SellerApplicationState: sellerApplicationStateSchema,
  OwnSellerApplication: ownSellerApplicationSchema,
  AdminOverviewCount: adminOverviewCountSchema,
  AdminOverview: adminOverviewSchema,
  ModerationReport: moderationReportSchema,
  ModerationReportList: moderationReportListSchema,
  ProductRemoval: productRemovalSchema,
  FavouriteStateResponse: favouriteStateResponseSchema,
  FavouritesResponse: favouritesResponseSchema,
};

describe("the answers' schemas", () => {
  it('give exactly the types generated from the document', () => {
    expectTypeOf<z.output<typeof sellerBriefSchema>>().toEqualTypeOf<SellerBrief>();
    expectTypeOf<z.output<typeof productSellerRefSchema>>().toEqualTypeOf<ProductSellerRef>();
    expectTypeOf<z.output<typeof reviewSchema>>().toEqualTypeOf<Review>();
    expectTypeOf<z.output<typeof productSaleSchema>>().toEqualTypeOf<ProductSale>();
    expectTypeOf<z.output<typeof productSummarySchema>>().toEqualTypeOf<ProductSummary>();
    expectTypeOf<z.output<typeof productDetailsSchema>>().toEqualTypeOf<ProductDetails>();
    expectTypeOf<z.output<typeof productOptionSchema>>().toEqualTypeOf<ProductOption>();
    expectTypeOf<z.output<typeof productVariantSchema>>().toEqualTypeOf<ProductVariant>();
    expectTypeOf<z.output<typeof productListResponseSchema>>().toEqualTypeOf<ProductListResponse>();
    expectTypeOf<z.output<typeof suggestedProductSchema>>().toEqualTypeOf<SuggestedProduct>();
    expectTypeOf<z.output<typeof suggestedShopSchema>>().toEqualTypeOf<SuggestedShop>();
    expectTypeOf<z.output<typeof suggestResponseSchema>>().toEqualTypeOf<SuggestResponse>();
    expectTypeOf<z.output<typeof productFacetsSchema>>().toEqualTypeOf<ProductFacets>();
    expectTypeOf<z.output<typeof facetValueSchema>>().toEqualTypeOf<FacetValue>();
    expectTypeOf<z.output<typeof topSellerSchema>>().toEqualTypeOf<TopSeller>();
    expectTypeOf<z.output<typeof apiErrorSchema>>().toEqualTypeOf<ApiError>();
    expectTypeOf<z.output<typeof sellerProfileSchema>>().toEqualTypeOf<SellerProfile>();
    expectTypeOf<z.output<typeof userDetailsSchema>>().toEqualTypeOf<UserDetails>();
    expectTypeOf<z.output<typeof signedInUserSchema>>().toEqualTypeOf<SignedInUser>();
    expectTypeOf<z.output<typeof publicSellerSchema>>().toEqualTypeOf<PublicSeller>();
    expectTypeOf<z.output<typeof userListEntrySchema>>().toEqualTypeOf<UserListEntry>();
    expectTypeOf<z.output<typeof orderItemSchema>>().toEqualTypeOf<OrderItem>();
    expectTypeOf<z.output<typeof orderVatSchema>>().toEqualTypeOf<OrderVat>();
    expectTypeOf<z.output<typeof shippingAddressSchema>>().toEqualTypeOf<ShippingAddress>();
    expectTypeOf<z.output<typeof paymentResultSchema>>().toEqualTypeOf<PaymentResult>();
    expectTypeOf<z.output<typeof orderSellerRefSchema>>().toEqualTypeOf<OrderSellerRef>();
    expectTypeOf<z.output<typeof orderSchema>>().toEqualTypeOf<Order>();
    expectTypeOf<z.output<typeof orderRefundSchema>>().toEqualTypeOf<OrderRefund>();
    expectTypeOf<z.output<typeof orderWithdrawalSchema>>().toEqualTypeOf<OrderWithdrawal>();
    expectTypeOf<z.output<typeof withdrawalListEntrySchema>>().toEqualTypeOf<WithdrawalListEntry>();
    expectTypeOf<z.output<typeof shipmentSchema>>().toEqualTypeOf<Shipment>();
    expectTypeOf<z.output<typeof orderMessageSchema>>().toEqualTypeOf<OrderMessage>();
    expectTypeOf<z.output<typeof unusedCaptureReasonSchema>>().toEqualTypeOf<UnusedCaptureReason>();
    expectTypeOf<z.output<typeof paymentRefundSchema>>().toEqualTypeOf<PaymentRefund>();
    expectTypeOf<z.output<typeof paypalCaptureRecordSchema>>().toEqualTypeOf<PaypalCaptureRecord>();
    expectTypeOf<z.output<typeof salesOverviewBucketSchema>>().toEqualTypeOf<SalesOverviewBucket>();
    expectTypeOf<z.output<typeof lowStockProductSchema>>().toEqualTypeOf<LowStockProduct>();
    expectTypeOf<z.output<typeof sellerOverviewSchema>>().toEqualTypeOf<SellerOverview>();
    expectTypeOf<z.output<typeof ledgerEntrySchema>>().toEqualTypeOf<LedgerEntry>();
    expectTypeOf<z.output<typeof ledgerStatementSchema>>().toEqualTypeOf<LedgerStatement>();
    expectTypeOf<z.output<typeof sellerPaymentRequestSchema>>().toEqualTypeOf<SellerPaymentRequest>();
    expectTypeOf<z.output<typeof ledgerEarningsMonthSchema>>().toEqualTypeOf<LedgerEarningsMonth>();
    expectTypeOf<z.output<typeof ledgerSellerBalanceSchema>>().toEqualTypeOf<LedgerSellerBalance>();
    expectTypeOf<z.output<typeof feeSettingsSchema>>().toEqualTypeOf<FeeSettings>();
    expectTypeOf<z.output<typeof maskedPayoutAccountSchema>>().toEqualTypeOf<MaskedPayoutAccount>();
    expectTypeOf<z.output<typeof payoutAccountAnswerSchema>>().toEqualTypeOf<PayoutAccountAnswer>();
    expectTypeOf<z.output<typeof payoutLineSchema>>().toEqualTypeOf<PayoutLine>();
    expectTypeOf<z.output<typeof payoutBatchSchema>>().toEqualTypeOf<PayoutBatch>();
    expectTypeOf<z.output<typeof applicationDecisionKindSchema>>().toEqualTypeOf<ApplicationDecisionKind>();
    expectTypeOf<z.output<typeof applicationDecisionEntrySchema>>().toEqualTypeOf<ApplicationDecisionEntry>();
    expectTypeOf<z.output<typeof pendingSellerApplicationSchema>>().toEqualTypeOf<PendingSellerApplication>();
    expectTypeOf<z.output<typeof pendingSellerApplicationListSchema>>().toEqualTypeOf<PendingSellerApplicationList>();
    expectTypeOf<z.output<typeof sellerApplicationStateSchema>>().toEqualTypeOf<SellerApplicationState>();
    expectTypeOf<z.output<typeof ownSellerApplicationSchema>>().toEqualTypeOf<OwnSellerApplication>();
    expectTypeOf<z.output<typeof adminOverviewCountSchema>>().toEqualTypeOf<AdminOverviewCount>();
    expectTypeOf<z.output<typeof adminOverviewSchema>>().toEqualTypeOf<AdminOverview>();
    expectTypeOf<z.output<typeof moderationReportSchema>>().toEqualTypeOf<ModerationReport>();
    expectTypeOf<z.output<typeof moderationReportListSchema>>().toEqualTypeOf<ModerationReportList>();
    expectTypeOf<z.output<typeof productRemovalSchema>>().toEqualTypeOf<ProductRemoval>();
    expectTypeOf<z.output<typeof favouriteStateResponseSchema>>().toEqualTypeOf<FavouriteStateResponse>();
    expectTypeOf<z.output<typeof favouritesResponseSchema>>().toEqualTypeOf<FavouritesResponse>();
  });

  it('cover every answer type the web used before the types were generated', () => {
    expect(Object.keys(schemas)).toHaveLength(61);
  });

  it.each(Object.entries(schemas))('%s converts to JSON Schema (draft 2020-12) under its name', (name, schema) => {
    expect(() => z.toJSONSchema(schema, { target: 'draft-2020-12' })).not.toThrow();
    expect(z.globalRegistry.get(schema)?.id).toBe(name);
  });

  it('gives every schema an id of its own', () => {
    const ids = Object.values(schemas).map((schema) => z.globalRegistry.get(schema)?.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('convert together, each named schema once and referenced by its id', () => {
    const registry = z.registry<{ id: string }>();
    for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
    const { schemas: converted } = z.toJSONSchema(registry, {
      target: 'draft-2020-12',
      uri: (id) => `#/components/schemas/${id}`,
    });
    expect(Object.keys(converted).sort()).toEqual(Object.keys(schemas).sort());
    expect(converted.ProductDetails?.properties?.seller).toEqual({ $ref: '#/components/schemas/ProductSellerRef' });
    expect(converted.ProductDetails?.additionalProperties).toBe(false);
  });
});

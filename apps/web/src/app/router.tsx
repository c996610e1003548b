/**
 * Every route of the spec's route table (section 2). Home is in the first bundle; every other
 * screen is a lazily loaded chunk, one per feature area. (Declarative routing: the data-router
 * runtime would add about 18 KB gzip to the first load, and data loading is TanStack Query's job.)
 */
import { type ComponentType, lazy, useRef } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { registerRouteModule } from '#web/lib/route-preload.ts';
import { RequireAdmin, RequireSeller, RequireSellerOrApplicant, RequireSignIn } from './guards';
import { SiteLayout } from './layout/site-layout';
import { HomePage } from './routes/home';

/** A lazily loaded page: loads a module and takes one component from it. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

/**
 * A lazily loaded page whose chunk a feature may load before navigating to it
 * (lib/route-preload.ts). Once loaded, the page renders at once instead of suspending for a
 * tick, so the navigation commits in one render and the old page never shows under the new URL.
 * Which of the two a mounted page uses is fixed when it mounts, so it never remounts.
 */
function preloadablePage<M>(pattern: string, load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | null = null;
  const loadPage = async () => {
    loaded = pick(await load());
    return loaded;
  };
  registerRouteModule(pattern, loadPage);
  const LazyPage = lazy(async () => ({ default: await loadPage() }));
  return function PreloadablePage() {
    const Page = useRef(loaded).current;
    return Page ? <Page /> : <LazyPage />;
  };
}

const productManagement = () => import('#web/features/product-management/pages/product-list-page.tsx');

const SignInPage = lazyPage(
  () => import('#web/features/auth/pages/sign-in-page.tsx'),
  (m) => m.SignInPage,
);
const RegisterPage = lazyPage(
  () => import('#web/features/auth/pages/register-page.tsx'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('#web/features/auth/pages/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('#web/features/auth/pages/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const ProfilePage = lazyPage(
  () => import('#web/features/auth/pages/profile-page.tsx'),
  (m) => m.ProfilePage,
);

const FavouritesPage = lazyPage(
  () => import('#web/features/favourites/pages/favourites-page.tsx'),
  (m) => m.FavouritesPage,
);

const ProductPage = lazyPage(
  () => import('#web/features/catalog/pages/product-page.tsx'),
  (m) => m.ProductPage,
);
const SearchPage = lazyPage(
  () => import('#web/features/catalog/pages/search-page.tsx'),
  (m) => m.SearchPage,
);
const CategoriesPage = lazyPage(
  () => import('#web/features/catalog/pages/categories-page.tsx'),
  (m) => m.CategoriesPage,
);

const CartPage = lazyPage(
  () => import('#web/features/cart/pages/cart-page.tsx'),
  (m) => m.CartPage,
);

const ShippingPage = lazyPage(
  () => import('#web/features/checkout/pages/shipping-page.tsx'),
  (m) => m.ShippingPage,
);
const PaymentPage = preloadablePage(
  '/payment',
  () => import('#web/features/checkout/pages/payment-page.tsx'),
  (m) => m.PaymentPage,
);
const PlaceOrderPage = preloadablePage(
  '/placeorder',
  () => import('#web/features/checkout/pages/place-order-page.tsx'),
  (m) => m.PlaceOrderPage,
);
const MapPage = lazyPage(
  () => import('#web/features/checkout/pages/map-page.tsx'),
  (m) => m.MapPage,
);

// The withdrawal screens come with the order page's chunk: no chunk of their own for the first
// load to name (docs/decisions/235-withdrawals.md).
const orderPageModule = () => import('#web/features/orders/pages/order-page.tsx');
const OrderPage = preloadablePage('/order/:id', orderPageModule, (m) => m.OrderPage);
const ReturnsPage = lazyPage(orderPageModule, (m) => m.ReturnsPage);
const OverdueWithdrawalsPage = lazyPage(orderPageModule, (m) => m.OverdueWithdrawalsPage);
const WithdrawalFormPage = lazyPage(orderPageModule, (m) => m.WithdrawalFormPage);
const OrderHistoryPage = lazyPage(
  () => import('#web/features/orders/pages/order-history-page.tsx'),
  (m) => m.OrderHistoryPage,
);
const OrderListPage = lazyPage(
  () => import('#web/features/orders/pages/order-list-page.tsx'),
  (m) => m.OrderListPage,
);
const SellerOrderListPage = lazyPage(
  () => import('#web/features/orders/pages/seller-order-list-page.tsx'),
  (m) => m.SellerOrderListPage,
);

const ProductListPage = lazyPage(productManagement, (m) => m.ProductListPage);
const SellerProductListPage = lazyPage(productManagement, (m) => m.SellerProductListPage);
const ProductEditPage = lazyPage(
  () => import('#web/features/product-management/pages/product-edit-page.tsx'),
  (m) => m.ProductEditPage,
);

const AdminMenuPage = lazyPage(
  () => import('#web/features/admin/pages/admin-menu-page.tsx'),
  (m) => m.AdminMenuPage,
);
const AdminSettingsPage = lazyPage(
  () => import('#web/features/admin/pages/admin-settings-page.tsx'),
  (m) => m.AdminSettingsPage,
);
const UserListPage = lazyPage(
  () => import('#web/features/admin/pages/user-list-page.tsx'),
  (m) => m.UserListPage,
);
const PaymentCapturesPage = lazyPage(
  () => import('#web/features/admin/pages/payment-captures-page.tsx'),
  (m) => m.PaymentCapturesPage,
);
// The payouts and the finances share a chunk: one more route costs the first load less.
const adminMoney = () => import('#web/features/admin/pages/payouts-page.tsx');
const PayoutsPage = lazyPage(adminMoney, (m) => m.PayoutsPage);
const AdminFinancesPage = lazyPage(adminMoney, (m) => m.AdminFinancesPage);
const ApplicationQueuePage = lazyPage(
  () => import('#web/features/admin/pages/application-queue-page.tsx'),
  (m) => m.ApplicationQueuePage,
);
const AdminReportsPage = lazyPage(
  () => import('#web/features/admin/pages/admin-reports-page.tsx'),
  (m) => m.AdminReportsPage,
);
const UserEditPage = lazyPage(
  () => import('#web/features/admin/pages/user-edit-page.tsx'),
  (m) => m.UserEditPage,
);

const StorefrontPage = lazyPage(
  () => import('#web/features/sellers/pages/storefront-page.tsx'),
  (m) => m.StorefrontPage,
);
// My Shop and its printable statement share a chunk (the statement is opened from My Shop).
const myShop = () => import('#web/features/sellers/pages/my-shop-menu-page.tsx');
const MyShopMenuPage = lazyPage(myShop, (m) => m.MyShopMenuPage);
const StatementPage = lazyPage(myShop, (m) => m.StatementPage);
const SellerProfilePage = lazyPage(
  () => import('#web/features/sellers/pages/seller-profile-page.tsx'),
  (m) => m.SellerProfilePage,
);
const BecomeSellerPage = lazyPage(
  () => import('#web/features/sellers/pages/become-seller-page.tsx'),
  (m) => m.BecomeSellerPage,
);
const SellerApplicationPage = lazyPage(
  () => import('#web/features/sellers/pages/seller-application-page.tsx'),
  (m) => m.SellerApplicationPage,
);

const AboutPage = lazyPage(
  () => import('#web/features/info/pages/about-page.tsx'),
  (m) => m.AboutPage,
);
const SellerInfo1Page = lazyPage(
  () => import('#web/features/info/pages/seller-info-1-page.tsx'),
  (m) => m.SellerInfo1Page,
);
const SellerInfo2Page = lazyPage(
  () => import('#web/features/info/pages/seller-info-2-page.tsx'),
  (m) => m.SellerInfo2Page,
);
const PrivacyPage = lazyPage(
  () => import('#web/features/info/pages/privacy-page.tsx'),
  (m) => m.PrivacyPage,
);
const PrivacyPolicyPage = lazyPage(
  () => import('#web/features/info/pages/privacy-policy-page.tsx'),
  (m) => m.PrivacyPolicyPage,
);
const RankingPage = lazyPage(
  () => import('#web/features/info/pages/ranking-page.tsx'),
  (m) => m.RankingPage,
);
const ReviewsPolicyPage = lazyPage(
  () => import('#web/features/info/pages/reviews-policy-page.tsx'),
  (m) => m.ReviewsPolicyPage,
);

const NotFoundPage = lazyPage(
  () => import('./routes/not-found'),
  (m) => m.NotFoundPage,
);

const FULL_SEARCH =
  '/search/category/:category/name/:name/min/:min/max/:max/rating/:rating/order/:order/pageNumber/:pageNumber';

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route path="/seller/:id" element={<StorefrontPage />} />
          <Route path="/seller/:id/pageNumber/:pageNumber" element={<StorefrontPage />} />
          {/* /cart, /cart/:id and /cart/:id/:qty (qty defaults to 1). */}
          <Route path="/cart/:id?/:qty?" element={<CartPage />} />
          <Route path="/product/:id" element={<ProductPage />} />
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot_password" element={<ForgotPasswordPage />} />
          <Route path="/reset_password/:token" element={<ResetPasswordPage />} />
          <Route path="/search/name/:name?" element={<SearchPage />} />
          <Route path="/search/category/:category" element={<SearchPage />} />
          <Route path="/search/category/:category/name/:name" element={<SearchPage />} />
          <Route path={FULL_SEARCH} element={<SearchPage />} />
          <Route path="/categories" element={<CategoriesPage />} />
          <Route path="/seller_info_1" element={<SellerInfo1Page />} />
          <Route path="/seller_info_2" element={<SellerInfo2Page />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/privacy_policy" element={<PrivacyPolicyPage />} />
          <Route path="/ranking" element={<RankingPage />} />
          <Route path="/reviews_policy" element={<ReviewsPolicyPage />} />

          <Route element={<RequireSignIn />}>
            <Route path="/shipping" element={<ShippingPage />} />
            <Route path="/payment" element={<PaymentPage />} />
            <Route path="/placeorder" element={<PlaceOrderPage />} />
            <Route path="/map" element={<MapPage />} />
            <Route path="/order/:id" element={<OrderPage />} />
            <Route path="/order/:id/withdrawal_form" element={<WithdrawalFormPage />} />
            <Route path="/orderhistory" element={<OrderHistoryPage />} />
            <Route path="/favourites" element={<FavouritesPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/become_seller/:plan" element={<BecomeSellerPage />} />
            <Route path="/seller_application" element={<SellerApplicationPage />} />
          </Route>

          <Route element={<RequireAdmin />}>
            <Route path="/product/:id/edit" element={<ProductEditPage />} />
            <Route path="/productlist" element={<ProductListPage />} />
            <Route path="/productlist/pageNumber/:pageNumber" element={<ProductListPage />} />
            <Route path="/orderlist" element={<OrderListPage />} />
            <Route path="/userlist" element={<UserListPage />} />
            <Route path="/user/:id/edit" element={<UserEditPage />} />
            <Route path="/admin_menu" element={<AdminMenuPage />} />
            <Route path="/admin_settings" element={<AdminSettingsPage />} />
            <Route path="/admin_payments" element={<PaymentCapturesPage />} />
            <Route path="/admin_payouts" element={<PayoutsPage />} />
            <Route path="/admin_applications" element={<ApplicationQueuePage />} />
            <Route path="/admin_finances" element={<AdminFinancesPage />} />
            <Route path="/admin_reports" element={<AdminReportsPage />} />
            <Route path="/orderlist/withdrawals" element={<OverdueWithdrawalsPage />} />
          </Route>

          <Route element={<RequireSeller />}>
            <Route path="/product/:id/edit/seller" element={<ProductEditPage />} />
            <Route path="/productlist/seller" element={<SellerProductListPage />} />
            <Route path="/productlist/seller/pageNumber/:pageNumber" element={<SellerProductListPage />} />
            <Route path="/orderlist/seller" element={<SellerOrderListPage />} />
            <Route path="/orderlist/seller/returns" element={<ReturnsPage />} />
            <Route path="/my_shop_menu" element={<MyShopMenuPage />} />
            <Route path="/my_shop_statement/:month" element={<StatementPage />} />
          </Route>

          <Route element={<RequireSellerOrApplicant />}>
            <Route path="/seller_profile" element={<SellerProfilePage />} />
          </Route>

          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

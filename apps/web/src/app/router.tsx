/**
 * Every route of the spec's route table (section 2). Home is in the first bundle; every other
 * screen is a lazily loaded chunk, one per feature area. (Declarative routing: the data-router
 * runtime would add about 18 KB gzip to the first load, and data loading is TanStack Query's job.)
 */
import { type ComponentType, lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RequireAdmin, RequireSeller, RequireSellerOrApplicant, RequireSignIn } from './guards';
import { AppLayout } from './layout/app-layout';
import { HomePage } from './routes/home';

/** A lazily loaded page: loads a module and takes one component from it. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const productManagement = () => import('../features/product-management/pages/product-list-page');

const SignInPage = lazyPage(
  () => import('../features/auth/pages/sign-in-page'),
  (m) => m.SignInPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/pages/register-page'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/pages/forgot-password-page'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page'),
  (m) => m.ResetPasswordPage,
);
const ProfilePage = lazyPage(
  () => import('../features/auth/pages/profile-page'),
  (m) => m.ProfilePage,
);

const ProductPage = lazyPage(
  () => import('../features/catalog/pages/product-page'),
  (m) => m.ProductPage,
);
const SearchPage = lazyPage(
  () => import('../features/catalog/pages/search-page'),
  (m) => m.SearchPage,
);
const CategoriesPage = lazyPage(
  () => import('../features/catalog/pages/categories-page'),
  (m) => m.CategoriesPage,
);

const CartPage = lazyPage(
  () => import('../features/cart/pages/cart-page'),
  (m) => m.CartPage,
);

const ShippingPage = lazyPage(
  () => import('../features/checkout/pages/shipping-page'),
  (m) => m.ShippingPage,
);
const PaymentPage = lazyPage(
  () => import('../features/checkout/pages/payment-page'),
  (m) => m.PaymentPage,
);
const PlaceOrderPage = lazyPage(
  () => import('../features/checkout/pages/place-order-page'),
  (m) => m.PlaceOrderPage,
);
const MapPage = lazyPage(
  () => import('../features/checkout/pages/map-page'),
  (m) => m.MapPage,
);

const OrderPage = lazyPage(
  () => import('../features/orders/pages/order-page'),
  (m) => m.OrderPage,
);
const OrderHistoryPage = lazyPage(
  () => import('../features/orders/pages/order-history-page'),
  (m) => m.OrderHistoryPage,
);
const OrderListPage = lazyPage(
  () => import('../features/orders/pages/order-list-page'),
  (m) => m.OrderListPage,
);
const SellerOrderListPage = lazyPage(
  () => import('../features/orders/pages/seller-order-list-page'),
  (m) => m.SellerOrderListPage,
);

const ProductListPage = lazyPage(productManagement, (m) => m.ProductListPage);
const SellerProductListPage = lazyPage(productManagement, (m) => m.SellerProductListPage);
const ProductEditPage = lazyPage(
  () => import('../features/product-management/pages/product-edit-page'),
  (m) => m.ProductEditPage,
);

const AdminMenuPage = lazyPage(
  () => import('../features/admin/pages/admin-menu-page'),
  (m) => m.AdminMenuPage,
);
const AdminSettingsPage = lazyPage(
  () => import('../features/admin/pages/admin-settings-page'),
  (m) => m.AdminSettingsPage,
);
const UserListPage = lazyPage(
  () => import('../features/admin/pages/user-list-page'),
  (m) => m.UserListPage,
);
const UserEditPage = lazyPage(
  () => import('../features/admin/pages/user-edit-page'),
  (m) => m.UserEditPage,
);

const StorefrontPage = lazyPage(
  () => import('../features/sellers/pages/storefront-page'),
  (m) => m.StorefrontPage,
);
const MyShopMenuPage = lazyPage(
  () => import('../features/sellers/pages/my-shop-menu-page'),
  (m) => m.MyShopMenuPage,
);
const SellerProfilePage = lazyPage(
  () => import('../features/sellers/pages/seller-profile-page'),
  (m) => m.SellerProfilePage,
);
const BecomeSellerPage = lazyPage(
  () => import('../features/sellers/pages/become-seller-page'),
  (m) => m.BecomeSellerPage,
);
const SellerApplicationPage = lazyPage(
  () => import('../features/sellers/pages/seller-application-page'),
  (m) => m.SellerApplicationPage,
);

const AboutPage = lazyPage(
  () => import('../features/info/pages/about-page'),
  (m) => m.AboutPage,
);
const SellerInfo1Page = lazyPage(
  () => import('../features/info/pages/seller-info-1-page'),
  (m) => m.SellerInfo1Page,
);
const SellerInfo2Page = lazyPage(
  () => import('../features/info/pages/seller-info-2-page'),
  (m) => m.SellerInfo2Page,
);
const PrivacyPage = lazyPage(
  () => import('../features/info/pages/privacy-page'),
  (m) => m.PrivacyPage,
);
const PrivacyPolicyPage = lazyPage(
  () => import('../features/info/pages/privacy-policy-page'),
  (m) => m.PrivacyPolicyPage,
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
        <Route element={<AppLayout />}>
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

          <Route element={<RequireSignIn />}>
            <Route path="/shipping" element={<ShippingPage />} />
            <Route path="/payment" element={<PaymentPage />} />
            <Route path="/placeorder" element={<PlaceOrderPage />} />
            <Route path="/map" element={<MapPage />} />
            <Route path="/order/:id" element={<OrderPage />} />
            <Route path="/orderhistory" element={<OrderHistoryPage />} />
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
          </Route>

          <Route element={<RequireSeller />}>
            <Route path="/product/:id/edit/seller" element={<ProductEditPage />} />
            <Route path="/productlist/seller" element={<SellerProductListPage />} />
            <Route path="/productlist/seller/pageNumber/:pageNumber" element={<SellerProductListPage />} />
            <Route path="/orderlist/seller" element={<SellerOrderListPage />} />
            <Route path="/my_shop_menu" element={<MyShopMenuPage />} />
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

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

const auth = () => import('../features/auth/pages/placeholders');
const catalog = () => import('../features/catalog/pages/placeholders');
const cart = () => import('../features/cart/pages/placeholders');
const checkout = () => import('../features/checkout/pages/placeholders');
const orders = () => import('../features/orders/pages/placeholders');
const productManagement = () => import('../features/product-management/pages/placeholders');
const admin = () => import('../features/admin/pages/placeholders');
const sellers = () => import('../features/sellers/pages/placeholders');
const info = () => import('../features/info/pages/placeholders');

const SignInPage = lazyPage(auth, (m) => m.SignInPage);
const RegisterPage = lazyPage(auth, (m) => m.RegisterPage);
const ForgotPasswordPage = lazyPage(auth, (m) => m.ForgotPasswordPage);
const ResetPasswordPage = lazyPage(auth, (m) => m.ResetPasswordPage);
const ProfilePage = lazyPage(auth, (m) => m.ProfilePage);

const ProductPage = lazyPage(catalog, (m) => m.ProductPage);
const SearchPage = lazyPage(catalog, (m) => m.SearchPage);
const CategoriesPage = lazyPage(
  () => import('../features/catalog/pages/categories-page'),
  (m) => m.CategoriesPage,
);

const CartPage = lazyPage(cart, (m) => m.CartPage);

const ShippingPage = lazyPage(checkout, (m) => m.ShippingPage);
const PaymentPage = lazyPage(checkout, (m) => m.PaymentPage);
const PlaceOrderPage = lazyPage(checkout, (m) => m.PlaceOrderPage);
const MapPage = lazyPage(checkout, (m) => m.MapPage);

const OrderPage = lazyPage(orders, (m) => m.OrderPage);
const OrderHistoryPage = lazyPage(orders, (m) => m.OrderHistoryPage);
const OrderListPage = lazyPage(orders, (m) => m.OrderListPage);
const SellerOrderListPage = lazyPage(orders, (m) => m.SellerOrderListPage);

const ProductListPage = lazyPage(productManagement, (m) => m.ProductListPage);
const SellerProductListPage = lazyPage(productManagement, (m) => m.SellerProductListPage);
const ProductEditPage = lazyPage(productManagement, (m) => m.ProductEditPage);

const AdminMenuPage = lazyPage(admin, (m) => m.AdminMenuPage);
const AdminSettingsPage = lazyPage(admin, (m) => m.AdminSettingsPage);
const UserListPage = lazyPage(admin, (m) => m.UserListPage);
const UserEditPage = lazyPage(admin, (m) => m.UserEditPage);

const StorefrontPage = lazyPage(sellers, (m) => m.StorefrontPage);
const MyShopMenuPage = lazyPage(sellers, (m) => m.MyShopMenuPage);
const SellerProfilePage = lazyPage(sellers, (m) => m.SellerProfilePage);
const BecomeSellerPage = lazyPage(sellers, (m) => m.BecomeSellerPage);
const SellerApplicationPage = lazyPage(sellers, (m) => m.SellerApplicationPage);

const AboutPage = lazyPage(info, (m) => m.AboutPage);
const SellerInfo1Page = lazyPage(info, (m) => m.SellerInfo1Page);
const SellerInfo2Page = lazyPage(info, (m) => m.SellerInfo2Page);
const PrivacyPage = lazyPage(info, (m) => m.PrivacyPage);
const PrivacyPolicyPage = lazyPage(info, (m) => m.PrivacyPolicyPage);

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

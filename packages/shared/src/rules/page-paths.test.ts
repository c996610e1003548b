import { describe, expect, it } from 'vitest';
import { isAdminPage, routePatternToRegExp } from './page-paths';

describe('routePatternToRegExp', () => {
  it('matches parameters, optional parameters and one trailing slash', () => {
    const cart = routePatternToRegExp('/cart/:id?/:qty?');
    for (const path of ['/cart', '/cart/', '/cart/a', '/cart/a/2']) expect(cart.test(path), path).toBe(true);
    for (const path of ['/cart/a/2/3', '/cartx', '//cart']) expect(cart.test(path), path).toBe(false);
    expect(routePatternToRegExp('/').test('')).toBe(true);
    expect(routePatternToRegExp('/a.b').test('/aXb')).toBe(false);
  });
});

describe('isAdminPage', () => {
  it('knows the admin screens', () => {
    for (const path of [
      '/admin_menu',
      '/admin_settings',
      '/userlist',
      '/user/u1/edit',
      '/productlist',
      '/productlist/',
      '/productlist/pageNumber/3',
      '/orderlist',
      '/product/p1/edit',
    ]) {
      expect(isAdminPage(path), path).toBe(true);
    }
  });

  it('leaves the seller’s and everyone’s screens alone', () => {
    for (const path of [
      '/',
      '/productlist/seller',
      '/productlist/seller/pageNumber/2',
      '/orderlist/seller',
      '/product/p1/edit/seller',
      '/product/p1',
      '/user/u1',
      '/admin_menu/x',
      '/my_shop_menu',
    ]) {
      expect(isAdminPage(path), path).toBe(false);
    }
  });
});

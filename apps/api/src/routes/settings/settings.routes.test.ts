import type { SiteSettings } from '@torget/shared/rules/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#api/test/fixtures.ts';
import { bearer, signInAs } from '#api/test/sessions.ts';
import { createTestApp, type TestApp } from '#api/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('site settings', () => {
  it('answers empty texts before any are set, to everyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      about_text: '',
      privacy_text: '',
      become_seller_text_1: '',
      become_seller_text_2: '',
      privacy_policy_text: '',
    });
  });

  it('lets admins write the texts, sanitised, and nobody else', async () => {
    await createUser(t.database.db, { email: 'admin@example.se', isAdmin: true });
    await createUser(t.database.db, { email: 'kund@example.se' });
    const admin = await signInAs(t.app, 'admin@example.se');
    const customer = await signInAs(t.app, 'kund@example.se');
    const body = {
      about_text: '<h2>Om oss</h2><p>Vi är <em>Torget</em>.<script>alert(1)</script></p><img src=x onerror="alert(2)">',
      privacy_text: '<p>Integritet</p>',
    };
    expect((await t.app.inject({ method: 'PUT', url: '/api/settings/', payload: body })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/settings/', headers: bearer(customer.token), payload: body }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/',
      headers: bearer(admin.token),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json() as SiteSettings;
    expect(saved.about_text).toBe('<h2>Om oss</h2><p>Vi är <em>Torget</em>.</p>');
    expect(saved.privacy_text).toBe('<p>Integritet</p>');
    const read = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as SiteSettings;
    expect(read.about_text).not.toMatch(/script|onerror/);
    // A partial update keeps the other texts.
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings/',
      headers: bearer(admin.token),
      payload: { privacy_policy_text: '<p>Policy</p>' },
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json() as SiteSettings;
    expect(after).toMatchObject({ privacy_text: '<p>Integritet</p>', privacy_policy_text: '<p>Policy</p>' });
  });

  it('refuses a non-string text with 400', async () => {
    const admin = await signInAs(t.app, 'admin@example.se');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/',
      headers: bearer(admin.token),
      payload: { about_text: { $ne: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('about_text');
  });
});

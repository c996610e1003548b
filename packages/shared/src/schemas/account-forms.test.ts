import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_PLAIN, PASSWORDS_DIFFER, PROFILE_PASSWORDS_DIFFER } from '../rules/accounts';
import { passwordSchema, profileFormSchema, registerFormSchema, resetPasswordFormSchema } from './accounts';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the account forms', () => {
  it("register: the spec's mismatch text on the confirmation field", () => {
    const form = { name: 'Eva', email: 'Eva@Example.se ', password: 'hemligt-1', confirmPassword: 'hemligt-2' };
    expect(issuesOf(registerFormSchema.safeParse(form))).toEqual([['confirmPassword', PASSWORDS_DIFFER]]);
    const ok = registerFormSchema.parse({ ...form, confirmPassword: 'hemligt-1' });
    expect(ok.email).toBe('eva@example.se');
  });

  it('reset password: the same text; the payload rules still apply', () => {
    const form = { email: 'eva@example.se', new_password: 'hemligt-1', confirmPassword: 'hemligt-x' };
    expect(issuesOf(resetPasswordFormSchema.safeParse(form))).toEqual([['confirmPassword', PASSWORDS_DIFFER]]);
    expect(
      issuesOf(resetPasswordFormSchema.safeParse({ ...form, new_password: 'kort', confirmPassword: 'kort' })),
    ).toEqual([['new_password', 'Password must be at least 8 characters.']]);
  });

  it("profile: the profile's own mismatch text; an empty password keeps the current one", () => {
    const form = {
      name: 'Eva',
      email: 'eva@example.se',
      password: '',
      confirmPassword: '',
      seller_name: '',
      seller_logo: '',
      seller_subtitle: '',
      seller_description: '',
    };
    expect(profileFormSchema.safeParse(form).success).toBe(true);
    expect(
      issuesOf(profileFormSchema.safeParse({ ...form, password: 'hemligt-1', confirmPassword: 'hemligt-2' })),
    ).toEqual([['confirmPassword', PROFILE_PASSWORDS_DIFFER]]);
  });

  it('a new password needs four different characters besides white space, letters in any case counted once', () => {
    for (const plain of ['        ', 'aaaaaaaa', 'AaAaAaAa', 'abcabcabc', '\t \n a b c ']) {
      expect(issuesOf(passwordSchema.safeParse(plain)), JSON.stringify(plain)).toEqual([['', PASSWORD_TOO_PLAIN]]);
    }
    for (const fine of ['abcdabcd', 'hemligt-1', 'password123', 'blåbärssylt', 'a b c d e']) {
      expect(passwordSchema.safeParse(fine).success, fine).toBe(true);
    }
  });
});

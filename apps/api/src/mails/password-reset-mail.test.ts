import { describe, expect, it } from 'vitest';
import { passwordResetMail } from './password-reset-mail';

describe('password reset mail', () => {
  it('goes to the account’s e-mail with the one-hour link in both languages', () => {
    const mail = passwordResetMail(
      { name: 'Eva Ek', email: 'eva@example.se' },
      'tok-123_x',
      'https://butik.example.se',
    );
    const link = 'https://butik.example.se/reset_password/tok-123_x';
    expect(mail.to).toBe('eva@example.se');
    expect(mail.subject).toBe('Återställ ditt lösenord på Torget / Reset your Torget password');
    expect(mail.text.split('\n')[0]).toBe('Hej Eva Ek!');
    expect(mail.text).toContain(`Välj ett nytt lösenord här inom en timme: ${link}`);
    expect(mail.text).toContain(`Choose a new password within one hour: ${link}`);
    expect(mail.text.split(link)).toHaveLength(3);
  });
});

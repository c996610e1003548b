import { describe, expect, it } from 'vitest';
import { accountDeletedMail } from './account-deleted-mail';

const account = { name: 'Eva Ek', email: 'eva@example.se' };

describe('account deleted mail', () => {
  it('goes to the old address, says what was removed and what is kept, in both languages by default', () => {
    const mail = accountDeletedMail(account, 'https://torget.example');
    expect(mail.to).toBe('eva@example.se');
    expect(mail.subject).toBe('Ditt konto på Torget är raderat / Your Torget account was deleted');
    expect(mail.text).toContain('Hej Eva Ek!');
    expect(mail.text).toContain('sparas i 7 år enligt bokföringslagen');
    expect(mail.text).toContain('kept for 7 years');
    expect(mail.text).toContain('https://torget.example/privacy');
  });

  it('is Swedish only when the deletion came from the Svenska UI', () => {
    const mail = accountDeletedMail(account, 'https://torget.example', 'sv');
    expect(mail.subject).toBe('Ditt konto på Torget är raderat');
    expect(mail.text).toContain('utloggad överallt');
    expect(mail.text).not.toContain('deleted');
  });
});

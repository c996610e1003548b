import { describe, expect, it } from 'vitest';
import { sellerApprovedMail } from './seller-approved-mail';

describe('seller approved mail', () => {
  it('welcomes the new seller with links to the settings and the shop', () => {
    const mail = sellerApprovedMail(
      { _id: 'u-42', name: 'Bo Bodin', email: 'bo@example.se' },
      'https://torget.example',
    );
    expect(mail.to).toBe('bo@example.se');
    expect(mail.subject).toBe('Din butik på Torget är godkänd / Your Torget shop is approved');
    expect(mail.text.split('\n')[0]).toBe('Hej Bo Bodin!');
    expect(mail.text).toContain('Gör butiken till din egen under Inställningar: https://torget.example/seller_profile');
    expect(mail.text).toContain('Din butik: https://torget.example/seller/u-42');
    expect(mail.text).toContain('Make it yours in Settings: https://torget.example/seller_profile');
  });
});

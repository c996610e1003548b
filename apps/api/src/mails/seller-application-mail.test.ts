import { describe, expect, it } from 'vitest';
import { sellerApplicationMail } from './seller-application-mail';

const bo = { _id: 'u-42', name: 'Bo Bodin', email: 'bo@example.se' };
const origin = 'https://torget.example';

describe('seller application mail', () => {
  it('welcomes an approved seller with links to the settings, the shop and the application', () => {
    const mail = sellerApplicationMail({ approved: true, reason: '' }, bo, origin, null);
    expect(mail.to).toBe('bo@example.se');
    expect(mail.subject).toBe('Din butik på Torget är godkänd / Your Torget shop is approved');
    expect(mail.text.split('\n')[0]).toBe('Hej Bo Bodin!');
    expect(mail.text).toContain('Gör butiken till din egen under Inställningar: https://torget.example/seller_profile');
    expect(mail.text).toContain('Din butik: https://torget.example/seller/u-42');
    expect(mail.text).toContain('Your application: https://torget.example/seller_application');
    expect(mail.text).not.toContain('Kommentar');
  });

  it('tells a rejected applicant why, and how to send the application again, in Swedish only for Svenska', () => {
    const mail = sellerApplicationMail(
      { approved: false, reason: 'Organisationsnumret hör till ett annat företag.' },
      bo,
      origin,
      'sv',
    );
    expect(mail.subject).toBe('Din ansökan om att sälja på Torget har inte godkänts');
    expect(mail.text).toContain('Skäl: Organisationsnumret hör till ett annat företag.');
    expect(mail.text).toContain('Du kan ändra ansökan och skicka den igen: https://torget.example/seller_application');
    expect(mail.text).not.toContain('Reason');
  });

  it('writes both languages for English, the reason in each', () => {
    const mail = sellerApplicationMail({ approved: false, reason: 'Wrong number.' }, bo, origin, 'en');
    expect(mail.subject).toContain('/ Your application to sell on Torget was not approved');
    expect(mail.text).toContain('Skäl: Wrong number.');
    expect(mail.text).toContain('Reason: Wrong number.');
    expect(mail.text).toContain('send it again: https://torget.example/seller_application');
  });

  it('carries an approval’s comment when given', () => {
    const mail = sellerApplicationMail({ approved: true, reason: 'Välkommen!' }, bo, origin, 'sv');
    expect(mail.text).toContain('Kommentar: Välkommen!');
    expect(mail.text).not.toContain('Comment');
  });
});

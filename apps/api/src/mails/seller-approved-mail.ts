/** The mail to an applicant an admin has just made a seller: the shop is open, set it up. */
import type { Mail } from '#api/lib/mailer.ts';

export function sellerApprovedMail(user: { _id: string; name: string; email: string }, siteOrigin: string): Mail {
  const shopUrl = `${siteOrigin}/seller/${user._id}`;
  const settingsUrl = `${siteOrigin}/seller_profile`;
  return {
    to: user.email,
    subject: 'Din butik på Torget är godkänd / Your Torget shop is approved',
    text: [
      `Hej ${user.name}!`,
      '',
      'Välkommen som säljare på Torget! Din butik är nu öppen.',
      `Gör butiken till din egen under Inställningar: ${settingsUrl}`,
      `Din butik: ${shopUrl}`,
      '',
      'Welcome as a seller on Torget! Your shop is open.',
      `Make it yours in Settings: ${settingsUrl}`,
    ].join('\n'),
  };
}

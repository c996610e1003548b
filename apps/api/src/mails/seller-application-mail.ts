/**
 * The mail to an applicant an admin has just decided on, in the queue or with the user edit's
 * toggle: approved (the shop is open, set it up) or rejected (why, and that the application can
 * be changed and sent again). Either links to the application page, which says the same. In the
 * language the application was sent in: 'sv' Swedish only; otherwise (or not known) Swedish,
 * then English, as the other mails.
 */
import type { Language } from '@torget/shared/rules/languages';
import type { Mail } from '#api/lib/mailer.ts';

export function sellerApplicationMail(
  decision: { approved: boolean; reason: string },
  user: { _id: string; name: string; email: string },
  siteOrigin: string,
  language: Language | null,
): Mail {
  const applicationUrl = `${siteOrigin}/seller_application`;
  const reason = decision.reason.trim();
  const texts = decision.approved
    ? approvedTexts(user, siteOrigin, applicationUrl, reason)
    : rejectedTexts(applicationUrl, reason);
  const greeting = `Hej ${user.name}!`;
  if (language === 'sv') {
    return { to: user.email, subject: texts.sv.subject, text: [greeting, '', ...texts.sv.lines].join('\n') };
  }
  return {
    to: user.email,
    subject: `${texts.sv.subject} / ${texts.en.subject}`,
    text: [greeting, '', ...texts.sv.lines, '', ...texts.en.lines].join('\n'),
  };
}

interface Texts {
  sv: { subject: string; lines: string[] };
  en: { subject: string; lines: string[] };
}

function approvedTexts(user: { _id: string }, siteOrigin: string, applicationUrl: string, reason: string): Texts {
  const shopUrl = `${siteOrigin}/seller/${user._id}`;
  const settingsUrl = `${siteOrigin}/seller_profile`;
  return {
    sv: {
      subject: 'Din butik på Torget är godkänd',
      lines: [
        'Välkommen som säljare på Torget! Din ansökan är godkänd och din butik är nu öppen.',
        ...(reason ? [`Kommentar: ${reason}`] : []),
        `Gör butiken till din egen under Inställningar: ${settingsUrl}`,
        `Din butik: ${shopUrl}`,
        `Din ansökan: ${applicationUrl}`,
      ],
    },
    en: {
      subject: 'Your Torget shop is approved',
      lines: [
        'Welcome as a seller on Torget! Your application is approved and your shop is open.',
        ...(reason ? [`Comment: ${reason}`] : []),
        `Make it yours in Settings: ${settingsUrl}`,
        `Your shop: ${shopUrl}`,
        `Your application: ${applicationUrl}`,
      ],
    },
  };
}

function rejectedTexts(applicationUrl: string, reason: string): Texts {
  return {
    sv: {
      subject: 'Din ansökan om att sälja på Torget har inte godkänts',
      lines: [
        'Vi har granskat din ansökan om att bli säljare på Torget och kan inte godkänna den som den är.',
        ...(reason ? [`Skäl: ${reason}`] : []),
        `Du kan ändra ansökan och skicka den igen: ${applicationUrl}`,
      ],
    },
    en: {
      subject: 'Your application to sell on Torget was not approved',
      lines: [
        'We have reviewed your application to become a seller on Torget and cannot approve it as it is.',
        ...(reason ? [`Reason: ${reason}`] : []),
        `You can change the application and send it again: ${applicationUrl}`,
      ],
    },
  };
}

import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type SmtpListener, startSmtpListener } from '../../api/src/test/smtp-listener';
import { mailText } from './support/mail-text';
import { registerByApi, startSession } from './support/session';
import { ACCOUNTS, signIn } from './support/sign-in';

// A seller application decided with reasons: the applicant applies and is told what happens
// next, the admin rejects it in the queue with a reason, the applicant reads the reason (on the
// page and in the mail), changes the application and sends it again, the admin approves, and the
// applicant reaches My Shop. In Svenska and English, each on a phone and on a laptop.

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/applications-shots';

let smtp: SmtpListener;
test.beforeAll(async () => {
  smtp = await startSmtpListener(SMTP_PORT);
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await smtp?.close();
});

const TEXTS = {
  en: {
    switchTo: null,
    shopName: 'Shop Name',
    address: 'Address',
    postNumber: 'Post number',
    city: 'City',
    phone: 'Phone',
    organisationNumber: 'Organisation number',
    description: 'Shop Description',
    business: 'Business',
    legalName: 'Legal name of the business',
    certify: 'I only offer products that comply with EU law',
    createShop: 'Create Shop',
    nextStep: 'We review applications within 2 working days',
    yourApplication: 'Your application',
    queueLink: /^Seller applications \(\d+ pending\)$/,
    queueHeading: 'Seller applications',
    reason: 'Reason',
    reject: 'Reject',
    approve: 'Approve',
    reasonRequired: 'Give the applicant a reason for the rejection.',
    rejected: 'is rejected',
    approved: 'is approved',
    notApproved: 'Your application was not approved',
    change: 'Change the application',
    sentAgain: 'You have changed the application and sent it again.',
    rejectedBefore: 'Rejected before',
    isApproved: 'Your application is approved: your shop is open.',
    myShop: 'My Shop',
    menu: 'Menu',
    mailReason: 'Reason: ',
    mailApproved: 'Welcome as a seller on Torget! Your application is approved and your shop is open.',
  },
  sv: {
    switchTo: 'Svenska',
    shopName: 'Butikens namn',
    address: 'Adress',
    postNumber: 'Postnummer',
    city: 'Ort',
    phone: 'Telefon',
    organisationNumber: 'Organisationsnummer',
    description: 'Butikens beskrivning',
    business: 'Företag',
    legalName: 'Företagets registrerade namn',
    certify: 'Jag erbjuder endast produkter som följer EU-lagstiftningen',
    createShop: 'Skapa butik',
    nextStep: 'Vi granskar ansökningar inom 2 arbetsdagar',
    yourApplication: 'Din ansökan',
    queueLink: /^Säljaransökningar \(\d+ väntar\)$/,
    queueHeading: 'Säljaransökningar',
    reason: 'Skäl',
    reject: 'Avslå',
    approve: 'Godkänn',
    reasonRequired: 'Ge den sökande ett skäl till avslaget.',
    rejected: 'har avslagits',
    approved: 'är godkänd',
    notApproved: 'Din ansökan godkändes inte',
    change: 'Ändra ansökan',
    sentAgain: 'Du har ändrat ansökan och skickat den igen.',
    rejectedBefore: 'Avslagen tidigare',
    isApproved: 'Din ansökan är godkänd: din butik är öppen.',
    myShop: 'Min butik',
    menu: 'Meny',
    mailReason: 'Skäl: ',
    mailApproved: 'Välkommen som säljare på Torget! Din ansökan är godkänd och din butik är nu öppen.',
  },
} as const;

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };
/** Each language and each width once (e2e/support/screens.ts, `paired`). */
const RUNS = [
  { language: 'sv', size: PHONE },
  { language: 'en', size: LAPTOP },
] as const;

const main = (page: Page) => page.getByRole('main');

/** The page at `size`, in `language` (the switch in the header, remembered by the app). */
async function prepare(page: Page, size: { width: number; height: number }, language: 'sv' | 'en') {
  await page.setViewportSize(size);
  await page.goto('/');
  const switchTo = TEXTS[language].switchTo;
  if (switchTo) {
    await page.getByRole('banner').getByRole('button', { name: switchTo }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  }
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The mails to `to` that arrived, waiting up to 10 s for `count`. */
async function mailsTo(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = smtp.inbox.filter((m) => m.to.includes(to.toLowerCase())).map((m) => mailText(m.raw));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function adminPage(browser: Browser, size: { width: number; height: number }, language: 'sv' | 'en') {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.admin);
  await prepare(page, size, language);
  return page;
}

for (const { language, size } of RUNS) {
  test(`an application rejected with a reason, fixed, sent again and approved (${language}, ${size.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const x = TEXTS[language];
    const shot = (p: Page, name: string) =>
      p.screenshot({ path: `${SHOTS}/${language}-${size.width}-${name}.png`, fullPage: true });
    const applicant = await registerByApi(page.request, `Ansökare ${language.toUpperCase()}`);
    const shopName = `Krukor ${language} ${Date.now().toString(36)}`;
    await startSession(page, applicant);
    await prepare(page, size, language);

    await test.step('the applicant applies as a business and is told what happens next', async () => {
      await page.goto('/become_seller/2');
      const form = main(page);
      await form.getByLabel(x.shopName).fill(shopName);
      await form.getByRole('radio', { name: x.business, exact: true }).check();
      await form.getByLabel(x.legalName).fill(`${shopName} AB`);
      await form.getByLabel(x.certify).check();
      await form.getByLabel(x.address).fill('Drottninggatan 5');
      await form.getByLabel(x.postNumber).fill('111 51');
      await form.getByLabel(x.city).fill('Stockholm');
      await form.getByLabel(x.phone).fill('08-123 456 78');
      await form.getByLabel(x.organisationNumber).fill('556016-0680');
      await form.getByLabel(x.description).fill('<p>Krukor och fat.</p>');
      await form.getByRole('button', { name: x.createShop }).click();
      await expect(page).toHaveURL(/\/seller_application$/);
      await expect(form).toContainText(x.nextStep);
      await fitsWidth(page, size.width);
      await shot(page, '1-applied');
    });

    await test.step('the user menu links to the application while it waits', async () => {
      if (size.width < 600) {
        await page.getByRole('button', { name: x.menu }).first().click();
        await page.getByRole('complementary', { name: x.menu }).getByRole('link', { name: x.yourApplication }).click();
      } else {
        await page.getByRole('banner').getByRole('button', { name: applicant.name }).click();
        await page.getByRole('banner').getByRole('link', { name: x.yourApplication }).click();
      }
      await expect(page).toHaveURL(/\/seller_application$/);
    });

    const admin = await adminPage(browser, size, language);
    const card = () => main(admin).getByRole('article').filter({ hasText: shopName });
    const reason = `Organisationsnumret hör inte till ${shopName}.`;

    await test.step('the admin finds the application in the queue, with every field', async () => {
      await admin.goto('/admin_menu');
      await main(admin).getByRole('link', { name: x.queueLink }).click();
      await expect(admin).toHaveURL(/\/admin_applications$/);
      await expect(main(admin).getByRole('heading', { level: 1, name: x.queueHeading })).toBeVisible();
      for (const value of [
        'Drottninggatan 5',
        '111 51',
        'Stockholm',
        '08-123 456 78',
        '556016-0680',
        'Krukor och fat.',
      ]) {
        await expect(card()).toContainText(value);
      }
      await expect(card()).toContainText(applicant.email);
      await expect(card()).toContainText(x.business);
      await expect(card()).toContainText(`${shopName} AB`);
      await fitsWidth(admin, size.width);
      await shot(admin, '2-queue');
    });

    await test.step('a rejection needs a reason, is confirmed, and leaves the queue', async () => {
      await card()
        .getByRole('button', { name: new RegExp(`^${x.reject}`) })
        .click();
      await expect(card().getByRole('alert')).toHaveText(x.reasonRequired);
      await card().getByLabel(x.reason, { exact: true }).fill(reason);
      await card()
        .getByRole('button', { name: new RegExp(`^${x.reject}`) })
        .click();
      const dialog = admin.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await shot(admin, '3-confirm-reject');
      await dialog.getByRole('button', { name: x.reject, exact: true }).click();
      await expect(main(admin).getByRole('status').filter({ hasText: x.rejected })).toBeVisible();
      await expect(card()).toHaveCount(0);
    });

    await test.step('the applicant is mailed the reason in their language, with a link to the application', async () => {
      const [mail] = await mailsTo(applicant.email, 1);
      expect(mail).toContain(`${x.mailReason}${reason}`);
      expect(mail).toContain(`${baseURL}/seller_application`);
      if (language === 'sv') expect(mail).not.toContain('Reason: ');
      else expect(mail).toContain('You can change the application and send it again');
    });

    await test.step('the applicant reads the reason, changes the application and sends it again', async () => {
      await page.goto('/seller_application');
      await expect(main(page)).toContainText(x.notApproved);
      await expect(main(page)).toContainText(reason);
      await fitsWidth(page, size.width);
      await shot(page, '4-rejected');
      await main(page).getByRole('link', { name: x.change }).click();
      await expect(page).toHaveURL(/\/become_seller\/2$/);
      // The form starts from the application sent before.
      await expect(main(page).getByLabel(x.shopName)).toHaveValue(shopName);
      await expect(main(page).getByLabel(x.city)).toHaveValue('Stockholm');
      await main(page).getByLabel(x.organisationNumber).fill('556036-0793');
      // The self-certification is given again with each application sent.
      await expect(main(page).getByLabel(x.certify)).not.toBeChecked();
      await main(page).getByLabel(x.certify).check();
      await main(page).getByRole('button', { name: x.createShop }).click();
      await expect(page).toHaveURL(/\/seller_application$/);
      await expect(main(page)).toContainText(x.nextStep);
      await expect(main(page)).toContainText(x.sentAgain);
      await expect(main(page)).toContainText('556036-0793');
    });

    await test.step('the admin reads why it was rejected before, and approves', async () => {
      await admin.reload();
      await expect(card()).toContainText(x.rejectedBefore);
      await expect(card()).toContainText(reason);
      await expect(card()).toContainText('556036-0793');
      await shot(admin, '5-queue-again');
      await card()
        .getByRole('button', { name: new RegExp(`^${x.approve}`) })
        .click();
      await admin.getByRole('dialog').getByRole('button', { name: x.approve, exact: true }).click();
      await expect(main(admin).getByRole('status').filter({ hasText: x.approved })).toBeVisible();
      await expect(card()).toHaveCount(0);
      await admin.context().close();
    });

    await test.step('the applicant is approved and reaches My Shop', async () => {
      const mails = await mailsTo(applicant.email, 2);
      expect(mails[1]).toContain(x.mailApproved);
      expect(mails[1]).toContain(`${baseURL}/seller_application`);
      await page.goto('/seller_application');
      await expect(main(page)).toContainText(x.isApproved);
      await shot(page, '6-approved');
      await main(page).getByRole('link', { name: x.myShop }).click();
      await expect(page).toHaveURL(/\/my_shop_menu$/);
      await expect(main(page).getByRole('heading', { level: 1, name: x.myShop })).toBeVisible();
      await shot(page, '7-my-shop');
    });
  });
}

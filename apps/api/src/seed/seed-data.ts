/**
 * The demo marketplace's content: people, shops, products, reviews and the site texts.
 * Everything is fictional. Phone numbers come from the ranges the Swedish Post and Telecom
 * Authority (PTS) sets aside for use in fiction, and organisation numbers are made up but
 * carry a correct check digit, so they pass the same validation real ones do.
 */
import type { PayoutAccountInput } from '@torget/shared/rules/payout-account';
import { organisationNumber } from '@torget/shared/rules/sweden';
import type { BannerStyle, ShapeName } from './demo-images';

/** The demo passwords; each is hashed once, however many accounts share it. */
export const DEMO_PASSWORDS = { admin: 'admin1234', customer: 'kund1234', seller: 'salj1234' } as const;
export type PasswordKind = keyof typeof DEMO_PASSWORDS;

// ---------------------------------------------------------------------------------------
// Shapes of the data

export interface CustomerSeed {
  name: string;
  email: string;
  password: PasswordKind;
  isAdmin: boolean;
  /** A saved shipping address, so checkout can be tried at once. */
  shipping?: { fullName: string; address: string; postalCode: string; city: string; country: string };
}

/** The seven storefront colours of spec section 3, all #RRGGBB. */
export interface ShopColours {
  descriptionBackgroundColor: string;
  descriptionTextColor: string;
  productsBackgroundColor: string;
  nameTextColor: string;
  subtitleTextColor: string;
  footerBackgroundColor: string;
  footerTextColor: string;
}

export interface ProductSeed {
  name: string;
  category: Category;
  brand: string;
  priceOre: number;
  countInStock: number;
  shippingPriceOre: number;
  shippingInfo: string;
  description: string;
  /** How the generated picture looks. */
  shape: ShapeName;
  color: string;
}

export interface SellerSeed {
  /** Short stable name for picture files. */
  key: string;
  name: string;
  email: string;
  /** An applicant waits for approval: wants_to_be_seller without is_seller. */
  applicant: boolean;
  shop: {
    name: string;
    subtitle: string;
    /** Simple HTML; the storefront sanitises it before display. */
    description: string;
    address: string;
    postNumber: string;
    city: string;
    phone: string;
    /** The first nine digits; the check digit is computed. A private seller shows none. */
    organisationDigits: string;
    /**
     * Present means the shop is a private person's, with this personal identity number
     * (ÅÅÅÅMMDD-NNNN); else a business whose legal name is the shop's name with "AB".
     */
    personalNumber?: string;
    plan: '1' | '2';
    /** Present means the shop takes Swish. */
    swishNumber?: string;
    hasPaypal: boolean;
    domain?: string;
    logo?: { shape: ShapeName; color: string };
    banner?: { style: BannerStyle; color: string };
    colours?: ShopColours;
  };
  products: ProductSeed[];
}

export interface ReviewSeed {
  /** The reviewed product's name (names are unique in the demo). */
  product: string;
  /** The reviewer's e-mail. */
  reviewer: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
}

export const CATEGORIES = [
  'Kläder',
  'Hem & inredning',
  'Elektronik',
  'Böcker',
  'Sport',
  'Leksaker',
  'Trädgård',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The demo's moms rates: books at the reduced 6 %, everything else at the standard 25 %. */
export function demoVatRate(category: string): 25 | 6 {
  return category === 'Böcker' ? 6 : 25;
}

// ---------------------------------------------------------------------------------------
// People who do not sell

export const CUSTOMER_EMAIL = 'kund@torget.se';
export const ADMIN_EMAIL = 'admin@torget.se';

export const CUSTOMERS: CustomerSeed[] = [
  { name: 'Torget Admin', email: ADMIN_EMAIL, password: 'admin', isAdmin: true },
  {
    name: 'Emma Karlsson',
    email: CUSTOMER_EMAIL,
    password: 'customer',
    isAdmin: false,
    shipping: {
      fullName: 'Emma Karlsson',
      address: 'Vasagatan 12',
      postalCode: '411 24',
      city: 'Göteborg',
      country: 'Sverige',
    },
  },
  { name: 'Maja Lindqvist', email: 'maja@torget.se', password: 'customer', isAdmin: false },
  { name: 'Oskar Nyberg', email: 'oskar@torget.se', password: 'customer', isAdmin: false },
  { name: 'Elin Holm', email: 'elin@torget.se', password: 'customer', isAdmin: false },
];

// ---------------------------------------------------------------------------------------
// Shops and their products

const POSTNORD = 'Skickas med PostNord inom 1–2 arbetsdagar till ditt närmaste utlämningsställe.';
const FREE_SHIPPING = 'Fri frakt. Leverans inom 2–4 arbetsdagar.';
const LETTER = 'Skickas som brev, 1–3 arbetsdagar.';
const DHL = 'Skickas med DHL Service Point inom 3 arbetsdagar.';
const BULKY = 'Skrymmande vara: levereras med Schenker till närmaste ombud inom 5 arbetsdagar.';

export const SELLERS: SellerSeed[] = [
  {
    key: 'anna',
    name: 'Anna Svensson',
    email: 'anna@torget.se',
    applicant: false,
    shop: {
      name: 'Annas Ateljé',
      subtitle: 'Handsydda kläder i naturmaterial',
      description:
        '<p>Välkommen till <strong>Annas Ateljé</strong>! Jag syr och stickar kläder i naturmaterial i min ateljé på Södermalm. Allt tillverkas i små serier av ekologisk bomull, linne och merinoull.</p><p>Beställningar skickas inom två arbetsdagar. Hör gärna av dig om du vill ha en annan färg eller storlek!</p>',
      address: 'Götgatan 48',
      postNumber: '118 26',
      city: 'Stockholm',
      phone: '08-465 004 21',
      organisationDigits: '559214830',
      plan: '2',
      swishNumber: '1231181189',
      hasPaypal: true,
      domain: 'shop-anna.test',
      logo: { shape: 'tshirt', color: '#a4505a' },
      banner: { style: 'waves', color: '#c0707a' },
      colours: {
        descriptionBackgroundColor: '#fff6f3',
        descriptionTextColor: '#4a2c2a',
        productsBackgroundColor: '#fffaf8',
        nameTextColor: '#ffffff',
        subtitleTextColor: '#fde8e4',
        footerBackgroundColor: '#7a3b3f',
        footerTextColor: '#fbe9e7',
      },
    },
    products: [
      {
        name: 'T-shirt i ekologisk bomull',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 24900,
        countInStock: 24,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Mjuk och tålig t-shirt i GOTS-certifierad bomull. Rak passform, finns i storlek XS–XL.',
        shape: 'tshirt',
        color: '#d9776b',
      },
      {
        name: 'Linneklänning Midsommar',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 89900,
        countInStock: 6,
        shippingPriceOre: 0,
        shippingInfo: FREE_SHIPPING,
        description: 'Luftig klänning i tvättat linne med knytband i midjan. Sydd för hand i Stockholm.',
        shape: 'dress',
        color: '#8fb3d9',
      },
      {
        name: 'Stickad mössa i merinoull',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 34950,
        countInStock: 15,
        shippingPriceOre: 2900,
        shippingInfo: LETTER,
        description: 'Varm mössa i 100 % merinoull som inte kliar, med dubbelvikt kant och tofs.',
        shape: 'beanie',
        color: '#c0504d',
      },
      {
        name: 'Randig tröja Skärgård',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 59900,
        // The product most browser specs buy: enough for the whole suite's orders.
        countInStock: 40,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Klassisk randig tröja i tjock bomullstrikå, perfekt till svala sommarkvällar vid havet.',
        shape: 'tshirt',
        color: '#2f5d8a',
      },
      {
        name: 'Barnklänning Blåklint',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 44900,
        countInStock: 0,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Prickig klänning för barn 2–8 år i mjuk bomullspoplin. Ny sats syr jag till hösten.',
        shape: 'dress',
        color: '#5b7fd1',
      },
      {
        name: 'Mössa med tofs, senapsgul',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 29900,
        countInStock: 12,
        shippingPriceOre: 2900,
        shippingInfo: LETTER,
        description: 'Stickad mössa i ull och alpacka. En glad färg för mörka vintermorgnar.',
        shape: 'beanie',
        color: '#d9a531',
      },
      {
        name: 'Sommarklänning med fickor',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 74900,
        countInStock: 8,
        shippingPriceOre: 0,
        shippingInfo: FREE_SHIPPING,
        description: 'Knälång klänning i bomullsvoile med djupa sidfickor. Tvättas i 40 grader.',
        shape: 'dress',
        color: '#e3a6b5',
      },
      {
        name: 'Långärmad t-shirt, havsgrön',
        category: 'Kläder',
        brand: 'Annas Ateljé',
        priceOre: 32900,
        countInStock: 18,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Långärmat basplagg i ekologisk bomull och lite elastan. Behåller formen tvätt efter tvätt.',
        shape: 'tshirt',
        color: '#5aa38f',
      },
    ],
  },
  {
    key: 'erik',
    name: 'Erik Johansson',
    email: 'erik@torget.se',
    applicant: false,
    shop: {
      name: 'Nordisk Elektronik',
      subtitle: 'Ljud, mobiler och datorer med svensk support',
      description:
        '<p><strong>Nordisk Elektronik</strong> är en liten elektronikbutik i Göteborg. Vi testar allt vi säljer och svarar själva i telefon – ingen callcenter-kö.</p><p>Alla produkter har <strong>två års garanti</strong> och 30 dagars öppet köp.</p>',
      address: 'Första Långgatan 17',
      postNumber: '413 27',
      city: 'Göteborg',
      phone: '031-390 06 47',
      organisationDigits: '556871204',
      plan: '2',
      hasPaypal: true,
      logo: { shape: 'headphones', color: '#1f4e79' },
    },
    products: [
      {
        name: 'Trådlösa hörlurar Brus 300',
        category: 'Elektronik',
        brand: 'Ljudvåg',
        priceOre: 149500,
        countInStock: 18,
        shippingPriceOre: 0,
        shippingInfo: FREE_SHIPPING,
        description: 'Över-örat-hörlurar med aktiv brusreducering och 30 timmars batteritid. Laddas med USB-C.',
        shape: 'headphones',
        color: '#2b2d42',
      },
      {
        name: 'Bluetooth-högtalare Fjord Mini',
        category: 'Elektronik',
        brand: 'Ljudvåg',
        priceOre: 59900,
        countInStock: 30,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Liten vattentålig högtalare (IP67) med fylligt ljud och 12 timmars batteri.',
        shape: 'speaker',
        color: '#1f7a8c',
      },
      {
        name: 'Smartphone Nord X2 128 GB',
        category: 'Elektronik',
        brand: 'Nordtel',
        priceOre: 499000,
        countInStock: 7,
        shippingPriceOre: 0,
        shippingInfo: FREE_SHIPPING,
        description: '6,4-tums OLED-skärm, 128 GB lagring och kamera som klarar kvällsljus. Levereras olåst.',
        shape: 'phone',
        color: '#3a86ff',
      },
      {
        name: 'Smartphone Nord X2 Lite',
        category: 'Elektronik',
        brand: 'Nordtel',
        priceOre: 299000,
        countInStock: 12,
        shippingPriceOre: 0,
        shippingInfo: FREE_SHIPPING,
        description: 'Lillebror till X2 med samma batteri men enklare kamera. Ett prisvärt val för hela familjen.',
        shape: 'phone',
        color: '#ff6f59',
      },
      {
        name: 'Bärbar dator Lätt 14',
        category: 'Elektronik',
        brand: 'Kvarn',
        priceOre: 899500,
        countInStock: 4,
        shippingPriceOre: 0,
        shippingInfo: DHL,
        description: '14-tums bärbar dator som väger 1,2 kg. 16 GB RAM, 512 GB SSD och svenskt tangentbord.',
        shape: 'laptop',
        color: '#4361ee',
      },
      {
        name: 'Hörlurar Studio, korall',
        category: 'Elektronik',
        brand: 'Ljudvåg',
        priceOre: 89950,
        countInStock: 9,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Sladdade studiohörlurar med neutral ljudbild och utbytbara öronkuddar.',
        shape: 'headphones',
        color: '#e76f51',
      },
      {
        name: 'Högtalare Vardagsrum 40 W',
        category: 'Elektronik',
        brand: 'Ljudvåg',
        priceOre: 129900,
        countInStock: 5,
        shippingPriceOre: 9900,
        shippingInfo: DHL,
        description: 'Stor trådlös högtalare som fyller vardagsrummet. Kan paras ihop två och två för stereo.',
        shape: 'speaker',
        color: '#6a4c93',
      },
      {
        name: 'Chromebook Skolstart',
        category: 'Elektronik',
        brand: 'Kvarn',
        priceOre: 349900,
        countInStock: 0,
        shippingPriceOre: 0,
        shippingInfo: DHL,
        description: 'Enkel och snabb dator för skolarbete med 10 timmars batteri. Slutsåld – ny leverans väntas.',
        shape: 'laptop',
        color: '#2a9d8f',
      },
      {
        name: 'Mobilskal i återvunnen plast',
        category: 'Elektronik',
        brand: 'Nordtel',
        priceOre: 14950,
        countInStock: 60,
        shippingPriceOre: 1900,
        shippingInfo: LETTER,
        description: 'Stötdämpande skal till Nord X2 och X2 Lite, tillverkat av återvunna fiskenät.',
        shape: 'phone',
        color: '#f4a261',
      },
    ],
  },
  {
    key: 'karin',
    name: 'Karin Lindberg',
    email: 'karin@torget.se',
    applicant: false,
    shop: {
      name: 'Bokhörnan i Uppsala',
      subtitle: 'Nya och begagnade böcker sedan 1998',
      description:
        '<p>Ett litet antikvariat och bokhandel mitt i Uppsala. Vi säljer <strong>nya titlar</strong> från mindre förlag och noga utvalda <strong>begagnade böcker</strong>.</p><p>Letar du efter något särskilt? Skicka ett meddelande så letar vi åt dig.</p>',
      address: 'Svartbäcksgatan 9',
      postNumber: '753 20',
      city: 'Uppsala',
      phone: '070-174 06 33',
      organisationDigits: '556412987',
      plan: '2',
      swishNumber: '1232345178',
      hasPaypal: false,
    },
    products: [
      {
        name: 'Mord i Gamla stan',
        category: 'Böcker',
        brand: 'Bokförlaget Vinga',
        priceOre: 18900,
        countInStock: 14,
        shippingPriceOre: 3900,
        shippingInfo: LETTER,
        description: 'Spännande deckare där kommissarie Lena Ek jagar en tjuv bland Stockholms gränder. Inbunden.',
        shape: 'book',
        color: '#7b2d26',
      },
      {
        name: 'Svensk husmanskost – 100 klassiker',
        category: 'Böcker',
        brand: 'Förlaget Skafferiet',
        priceOre: 29900,
        countInStock: 9,
        shippingPriceOre: 3900,
        shippingInfo: LETTER,
        description: 'Från kåldolmar till pannkaka: hundra recept på svensk vardagsmat, med tips för nybörjare.',
        shape: 'book',
        color: '#c8553d',
      },
      {
        name: 'Skogens hemligheter',
        category: 'Böcker',
        brand: 'Naturförlaget',
        priceOre: 24900,
        countInStock: 6,
        shippingPriceOre: 3900,
        shippingInfo: LETTER,
        description: 'Vackert illustrerad faktabok om djur, svampar och träd i den svenska skogen.',
        shape: 'book',
        color: '#386641',
      },
      {
        name: 'Norrsken över Kiruna',
        category: 'Böcker',
        brand: 'Bokförlaget Vinga',
        priceOre: 12950,
        countInStock: 22,
        shippingPriceOre: 2900,
        shippingInfo: LETTER,
        description: 'Varm roman om en familj i Malmfälten under ett år av förändring. Pocket.',
        shape: 'book',
        color: '#1d3557',
      },
      {
        name: 'Barnens första bok om rymden',
        category: 'Böcker',
        brand: 'Lilla Förlaget',
        priceOre: 15900,
        countInStock: 11,
        shippingPriceOre: 3900,
        shippingInfo: LETTER,
        description: 'Planeter, stjärnor och raketer förklarade för barn från fyra år. Kartonnage.',
        shape: 'book',
        color: '#f4a261',
      },
      {
        name: 'Bokpaket: Deckarsommar (3 pocket)',
        category: 'Böcker',
        brand: 'Bokhörnan',
        priceOre: 24900,
        countInStock: 5,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Tre begagnade deckare i fint skick, handplockade av oss. Titlarna är en överraskning!',
        shape: 'bookstack',
        color: '#9b2226',
      },
      {
        name: 'Uppsalas historia i bilder',
        category: 'Böcker',
        brand: 'Upplands Förlag',
        priceOre: 34900,
        countInStock: 3,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Stadens historia från domkyrkans bygge till idag, med över 200 fotografier.',
        shape: 'bookstack',
        color: '#6d597a',
      },
      {
        name: 'Lär dig sticka',
        category: 'Böcker',
        brand: 'Förlaget Skafferiet',
        priceOre: 21900,
        countInStock: 8,
        shippingPriceOre: 3900,
        shippingInfo: LETTER,
        description: 'Steg-för-steg-guide med tydliga bilder, från första maskan till din första tröja.',
        shape: 'book',
        color: '#e07a5f',
      },
    ],
  },
  {
    key: 'johan',
    name: 'Johan Nilsson',
    email: 'johan@torget.se',
    applicant: false,
    shop: {
      name: 'Fjällsport Östersund',
      subtitle: 'Utrustning för träning, fjäll och fotboll',
      description:
        '<p><strong>Fjällsport</strong> drivs av tränare och fjällvandrare i Östersund. Vi säljer bara sådant vi själva använder.</p><p>Beställ före kl. 14 så skickas paketet samma dag.</p>',
      address: 'Prästgatan 31',
      postNumber: '831 31',
      city: 'Östersund',
      phone: '070-174 06 58',
      organisationDigits: '559031476',
      plan: '2',
      hasPaypal: true,
      logo: { shape: 'dumbbell', color: '#2f6f8f' },
      banner: { style: 'mountains', color: '#2f6f8f' },
      colours: {
        descriptionBackgroundColor: '#eef4f8',
        descriptionTextColor: '#1e2a38',
        productsBackgroundColor: '#f6f9fb',
        nameTextColor: '#ffffff',
        subtitleTextColor: '#dbeafe',
        footerBackgroundColor: '#1e3a4c',
        footerTextColor: '#e2ecf3',
      },
    },
    products: [
      {
        name: 'Fotboll storlek 5, matchboll',
        category: 'Sport',
        brand: 'Fjällsport',
        priceOre: 34900,
        countInStock: 20,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Handsydd matchboll i storlek 5 för gräs och konstgräs. Levereras luftfylld.',
        shape: 'ball',
        color: '#e63946',
      },
      {
        name: 'Fotboll storlek 4, träning',
        category: 'Sport',
        brand: 'Fjällsport',
        priceOre: 19900,
        countInStock: 35,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Slitstark träningsboll för barn och ungdom, 8–12 år.',
        shape: 'ball',
        color: '#2a9d8f',
      },
      {
        name: 'Hantlar 2 x 5 kg',
        category: 'Sport',
        brand: 'Styrka',
        priceOre: 44900,
        countInStock: 10,
        shippingPriceOre: 9900,
        shippingInfo: DHL,
        description: 'Två gummerade hantlar med halkfritt grepp. Snälla mot golvet i hemmagymmet.',
        shape: 'dumbbell',
        color: '#264653',
      },
      {
        name: 'Justerbara hantlar 2 x 12 kg',
        category: 'Sport',
        brand: 'Styrka',
        priceOre: 129500,
        countInStock: 4,
        shippingPriceOre: 14900,
        shippingInfo: BULKY,
        description: 'Ställ in vikten från 2 till 12 kg med ett enkelt klick. Sparar plats hemma.',
        shape: 'dumbbell',
        color: '#e76f51',
      },
      {
        name: 'Vattenflaska i rostfritt stål 0,75 l',
        category: 'Sport',
        brand: 'Fjällsport',
        priceOre: 22900,
        countInStock: 40,
        shippingPriceOre: 2900,
        shippingInfo: POSTNORD,
        description: 'Dubbelväggad flaska som håller vattnet kallt i 24 timmar. Tål diskmaskin.',
        shape: 'bottle',
        color: '#457b9d',
      },
      {
        name: 'Termosflaska Fjälltur 1 l',
        category: 'Sport',
        brand: 'Fjällsport',
        priceOre: 32900,
        countInStock: 16,
        shippingPriceOre: 2900,
        shippingInfo: POSTNORD,
        description: 'Håller kaffet varmt hela dagen på fjället. Med kopp i locket.',
        shape: 'bottle',
        color: '#bc4749',
      },
      {
        name: 'Innebandybollar 10-pack',
        category: 'Sport',
        brand: 'Styrka',
        priceOre: 14900,
        countInStock: 25,
        shippingPriceOre: 2900,
        shippingInfo: POSTNORD,
        description: 'Godkända matchbollar för innebandy, tio stycken i nätpåse.',
        shape: 'ball',
        color: '#ffb703',
      },
      {
        name: 'Sportflaska BPA-fri 0,5 l',
        category: 'Sport',
        brand: 'Fjällsport',
        priceOre: 8950,
        countInStock: 50,
        shippingPriceOre: 1900,
        shippingInfo: LETTER,
        description: 'Lätt flaska med sugpip som passar i cykelns flaskhållare.',
        shape: 'bottle',
        color: '#8ac926',
      },
    ],
  },
  {
    key: 'sara',
    name: 'Sara Persson',
    email: 'sara@torget.se',
    applicant: false,
    shop: {
      name: 'Lekstugan',
      subtitle: 'Leksaker i trä och tyg',
      description:
        '<p>I <strong>Lekstugan</strong> hittar du hållbara leksaker i trä och tyg, utvalda av en förskollärare i Malmö.</p><p>Alla leksaker är CE-märkta och testade för de yngsta.</p>',
      address: 'Davidshallsgatan 5',
      postNumber: '211 45',
      city: 'Malmö',
      phone: '040-628 04 15',
      organisationDigits: '559187342',
      plan: '1',
      swishNumber: '1235013564',
      hasPaypal: false,
    },
    products: [
      {
        name: 'Träklossar 30 st i tygpåse',
        category: 'Leksaker',
        brand: 'Lekstugan',
        priceOre: 27900,
        countInStock: 14,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Målade klossar i bok med giftfri färg. Från 1 år.',
        shape: 'blocks',
        color: '#ef476f',
      },
      {
        name: 'Nalle Bruno, 35 cm',
        category: 'Leksaker',
        brand: 'Lekstugan',
        priceOre: 24900,
        countInStock: 9,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Mjuk nallebjörn i ekologisk plysch. Tål tvättmaskin i 30 grader.',
        shape: 'bear',
        color: '#b5835a',
      },
      {
        name: 'Raket i trä med astronauter',
        category: 'Leksaker',
        brand: 'Lekstugan',
        priceOre: 32900,
        countInStock: 6,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Öppningsbar raket med två astronauter att plocka in och ut. Från 3 år.',
        shape: 'rocket',
        color: '#118ab2',
      },
      {
        name: 'Bokstavsklossar A–Ö',
        category: 'Leksaker',
        brand: 'Lekstugan',
        priceOre: 19950,
        countInStock: 0,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Alla 29 bokstäver i det svenska alfabetet på färgglada klossar.',
        shape: 'blocks',
        color: '#06d6a0',
      },
      {
        name: 'Nalle Majken, 25 cm',
        category: 'Leksaker',
        brand: 'Lekstugan',
        priceOre: 17900,
        countInStock: 12,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Liten gosig björn som får plats i väskan. Från 0 år.',
        shape: 'bear',
        color: '#d4a373',
      },
    ],
  },
  {
    key: 'lars',
    name: 'Lars Andersson',
    email: 'lars@torget.se',
    applicant: false,
    shop: {
      name: 'Gröna Fingrar',
      subtitle: 'Växter och redskap för balkong och trädgård',
      description:
        '<p><strong>Gröna Fingrar</strong> är en handelsträdgård utanför Lund. Vi odlar själva det mesta vi säljer och packar växterna så att de tål frakten.</p><p>Frågor om skötsel? Ring oss – vi pratar gärna växter.</p>',
      address: 'Trädgårdsgatan 14',
      postNumber: '222 28',
      city: 'Lund',
      phone: '070-174 06 72',
      organisationDigits: '556734519',
      plan: '2',
      swishNumber: '1236650042',
      hasPaypal: false,
      logo: { shape: 'plant', color: '#3a7d44' },
      colours: {
        descriptionBackgroundColor: '#f1f7ee',
        descriptionTextColor: '#23361f',
        productsBackgroundColor: '#fafdf8',
        nameTextColor: '#23361f',
        subtitleTextColor: '#3a7d44',
        footerBackgroundColor: '#2f5233',
        footerTextColor: '#eef6ea',
      },
    },
    products: [
      {
        name: 'Monstera i kruka, 60 cm',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 39900,
        countInStock: 7,
        shippingPriceOre: 9900,
        shippingInfo: DHL,
        description: 'Lättskött grön växt med stora flikiga blad. Levereras i 19 cm kruka.',
        shape: 'plant',
        color: '#2d6a4f',
      },
      {
        name: 'Vattenkanna i zink 5 l',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 28900,
        countInStock: 13,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Klassisk vattenkanna i galvaniserad zink med avtagbar stril.',
        shape: 'wateringcan',
        color: '#8d99ae',
      },
      {
        name: 'Vattenkanna för inomhus 1,5 l',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 15950,
        countInStock: 20,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Smal pip som når ända in till jorden i krukan. Snygg nog att stå framme.',
        shape: 'wateringcan',
        color: '#e9c46a',
      },
      {
        name: 'Fröpåse: Sommarblommor mix',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 3900,
        countInStock: 120,
        shippingPriceOre: 1500,
        shippingInfo: LETTER,
        description: 'Blandning av ettåriga sommarblommor som lockar fjärilar och bin. Sås i maj.',
        shape: 'flower',
        color: '#f28482',
      },
      {
        name: 'Pelargon Mårbacka',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 8900,
        countInStock: 30,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Den älskade gammaldags pelargonen med ljusrosa blommor. Skickas som rotad stickling.',
        shape: 'flower',
        color: '#e56b6f',
      },
      {
        name: 'Örtkruka med basilika',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 5900,
        countInStock: 45,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Ekologiskt odlad basilika som växer vidare i köksfönstret.',
        shape: 'plant',
        color: '#52b788',
      },
      {
        name: 'Olivträd i terrakottakruka',
        category: 'Trädgård',
        brand: 'Gröna Fingrar',
        priceOre: 64900,
        countInStock: 3,
        shippingPriceOre: 14900,
        shippingInfo: BULKY,
        description: 'Ungefär 90 cm högt olivträd för uteplatsen. Övervintras ljust och svalt inomhus.',
        shape: 'plant',
        color: '#6a994e',
      },
    ],
  },
  {
    key: 'ingrid',
    name: 'Ingrid Olsson',
    email: 'ingrid@torget.se',
    applicant: false,
    shop: {
      name: 'Hemslöjd från Dalarna',
      subtitle: 'Handgjort för hemmet',
      description:
        '<p>Keramik, belysning och möbler tillverkade för hand i Dalarna, med <strong>traditionella mönster</strong> och lokalt trä.</p>',
      address: 'Åsgatan 22',
      postNumber: '791 71',
      city: 'Falun',
      phone: '070-174 06 86',
      organisationDigits: '559302618',
      // Ingrid sells her own handicraft as a private person: consumer law does not apply.
      personalNumber: '19560315-2389',
      plan: '1',
      swishNumber: '1239871206',
      hasPaypal: false,
    },
    products: [
      {
        name: 'Bordslampa i björk',
        category: 'Hem & inredning',
        brand: 'Dalaslöjd',
        priceOre: 79900,
        countInStock: 5,
        shippingPriceOre: 6900,
        shippingInfo: POSTNORD,
        description: 'Svarvad lampfot i björk med skärm av linne. Sladd i tyg och E27-sockel.',
        shape: 'lamp',
        color: '#e9c46a',
      },
      {
        name: 'Keramikvas, handdrejad',
        category: 'Hem & inredning',
        brand: 'Dalaslöjd',
        priceOre: 44900,
        countInStock: 4,
        shippingPriceOre: 6900,
        shippingInfo: POSTNORD,
        description: 'Drejad vas i stengods med blank glasyr. Varje vas är unik.',
        shape: 'vase',
        color: '#5e8c9a',
      },
      {
        name: 'Kaffemugg med dalamönster',
        category: 'Hem & inredning',
        brand: 'Dalaslöjd',
        priceOre: 18900,
        countInStock: 26,
        shippingPriceOre: 4900,
        shippingInfo: POSTNORD,
        description: 'Rymmer 3 dl. Handmålat mönster inspirerat av kurbitsmåleri. Tål diskmaskin.',
        shape: 'mug',
        color: '#c1121f',
      },
      {
        name: 'Kökssoffa i furu, handmålad',
        category: 'Hem & inredning',
        brand: 'Dalaslöjd',
        priceOre: 695000,
        countInStock: 1,
        shippingPriceOre: 49900,
        shippingInfo: 'Levereras med möbelfrakt till dörren inom 10 arbetsdagar. Hämtning i Falun går också bra.',
        description: 'Traditionell utdragbar kökssoffa i massiv furu, målad med linoljefärg.',
        shape: 'sofa',
        color: '#7a9e7e',
      },
      {
        name: 'Golvlampa Siljan',
        category: 'Hem & inredning',
        brand: 'Dalaslöjd',
        priceOre: 119000,
        countInStock: 2,
        shippingPriceOre: 9900,
        shippingInfo: DHL,
        description: 'Hög golvlampa med fot i ek och skärm i ullfilt som ger ett varmt, dämpat ljus.',
        shape: 'lamp',
        color: '#a3b18a',
      },
    ],
  },
  {
    key: 'mikael',
    name: 'Mikael Berg',
    email: 'mikael@torget.se',
    applicant: true,
    shop: {
      name: 'Bergs Keramik',
      subtitle: 'Bruksföremål i stengods',
      description: '<p>Jag drejar skålar, muggar och fat i min verkstad i Västerås och vill gärna sälja på Torget.</p>',
      address: 'Stora Gatan 40',
      postNumber: '722 12',
      city: 'Västerås',
      phone: '070-174 06 91',
      organisationDigits: '559455021',
      plan: '1',
      hasPaypal: false,
    },
    products: [],
  },
];

// ---------------------------------------------------------------------------------------
// Reviews

export const REVIEWS: ReviewSeed[] = [
  {
    product: 'T-shirt i ekologisk bomull',
    reviewer: CUSTOMER_EMAIL,
    rating: 5,
    comment: 'Så skön! Har tvättat den många gånger och den ser fortfarande ny ut.',
  },
  {
    product: 'T-shirt i ekologisk bomull',
    reviewer: 'maja@torget.se',
    rating: 4,
    comment: 'Fin kvalitet, men lite stor i storleken.',
  },
  {
    product: 'T-shirt i ekologisk bomull',
    reviewer: 'oskar@torget.se',
    rating: 5,
    comment: 'Snabb leverans och precis som på bilden.',
  },
  {
    product: 'Linneklänning Midsommar',
    reviewer: 'elin@torget.se',
    rating: 5,
    comment: 'Drömklänningen! Fick massor av komplimanger på midsommarafton.',
  },
  {
    product: 'Linneklänning Midsommar',
    reviewer: CUSTOMER_EMAIL,
    rating: 4,
    comment: 'Härligt material, skrynklar lite som linne gör.',
  },
  {
    product: 'Stickad mössa i merinoull',
    reviewer: 'karin@torget.se',
    rating: 5,
    comment: 'Varm och kliar inte alls. Köper en till.',
  },
  {
    product: 'Randig tröja Skärgård',
    reviewer: 'oskar@torget.se',
    rating: 3,
    comment: 'Snygg tröja men färgen var mörkare än jag trodde.',
  },
  {
    product: 'Trådlösa hörlurar Brus 300',
    reviewer: CUSTOMER_EMAIL,
    rating: 5,
    comment: 'Brusreduceringen är fantastisk på pendeltåget. Batteriet räcker hela veckan.',
  },
  {
    product: 'Trådlösa hörlurar Brus 300',
    reviewer: 'johan@torget.se',
    rating: 4,
    comment: 'Bra ljud, bågen tar lite över huvudet efter ett par timmar.',
  },
  {
    product: 'Trådlösa hörlurar Brus 300',
    reviewer: 'maja@torget.se',
    rating: 5,
    comment: 'Bästa köpet i år. Bra support när jag hade en fråga.',
  },
  {
    product: 'Bluetooth-högtalare Fjord Mini',
    reviewer: 'elin@torget.se',
    rating: 4,
    comment: 'Överraskande bra ljud för storleken. Följer med på stranden.',
  },
  {
    product: 'Bluetooth-högtalare Fjord Mini',
    reviewer: 'lars@torget.se',
    rating: 2,
    comment: 'Ljudet är okej men anslutningen bryts ibland.',
  },
  {
    product: 'Smartphone Nord X2 128 GB',
    reviewer: 'oskar@torget.se',
    rating: 4,
    comment: 'Snabb telefon och riktigt bra kamera. Laddaren ingår inte.',
  },
  {
    product: 'Smartphone Nord X2 Lite',
    reviewer: 'sara@torget.se',
    rating: 5,
    comment: 'Köpte till min dotter, hon är jättenöjd.',
  },
  {
    product: 'Bärbar dator Lätt 14',
    reviewer: 'karin@torget.se',
    rating: 5,
    comment: 'Lätt att bära med sig och tyst. Perfekt för bokföringen i butiken.',
  },
  {
    product: 'Mobilskal i återvunnen plast',
    reviewer: CUSTOMER_EMAIL,
    rating: 1,
    comment: 'Passade inte min telefon trots att det stod så. Skickade tillbaka.',
  },
  { product: 'Mord i Gamla stan', reviewer: CUSTOMER_EMAIL, rating: 4, comment: 'Spännande ända till sista sidan!' },
  {
    product: 'Mord i Gamla stan',
    reviewer: 'elin@torget.se',
    rating: 3,
    comment: 'Bra miljöbeskrivningar men lite förutsägbart slut.',
  },
  {
    product: 'Svensk husmanskost – 100 klassiker',
    reviewer: 'maja@torget.se',
    rating: 5,
    comment: 'Äntligen lyckas mina köttbullar. Tydliga recept.',
  },
  {
    product: 'Skogens hemligheter',
    reviewer: 'lars@torget.se',
    rating: 5,
    comment: 'Underbara illustrationer, barnbarnen älskar den.',
  },
  {
    product: 'Norrsken över Kiruna',
    reviewer: 'oskar@torget.se',
    rating: 4,
    comment: 'Fin och stillsam berättelse. Boken var väl inslagen.',
  },
  {
    product: 'Bokpaket: Deckarsommar (3 pocket)',
    reviewer: CUSTOMER_EMAIL,
    rating: 5,
    comment: 'Roligt koncept! Två av tre hade jag inte läst.',
  },
  {
    product: 'Fotboll storlek 5, matchboll',
    reviewer: 'erik@torget.se',
    rating: 5,
    comment: 'Håller formen bra och känns proffsig.',
  },
  {
    product: 'Fotboll storlek 5, matchboll',
    reviewer: 'oskar@torget.se',
    rating: 4,
    comment: 'Bra boll, kom luftfylld och klar att använda.',
  },
  {
    product: 'Hantlar 2 x 5 kg',
    reviewer: 'maja@torget.se',
    rating: 4,
    comment: 'Stabila och gummit luktar inte. Bra för hemmaträning.',
  },
  {
    product: 'Justerbara hantlar 2 x 12 kg',
    reviewer: CUSTOMER_EMAIL,
    rating: 3,
    comment: 'Smidigt system men klicket går trögt ibland.',
  },
  {
    product: 'Vattenflaska i rostfritt stål 0,75 l',
    reviewer: 'elin@torget.se',
    rating: 5,
    comment: 'Vattnet är iskallt även efter en dag i bilen.',
  },
  {
    product: 'Vattenflaska i rostfritt stål 0,75 l',
    reviewer: 'anna@torget.se',
    rating: 4,
    comment: 'Snygg och tät. Lite tung när den är full.',
  },
  {
    product: 'Termosflaska Fjälltur 1 l',
    reviewer: 'lars@torget.se',
    rating: 5,
    comment: 'Kaffet var fortfarande varmt efter åtta timmar i kylan.',
  },
  {
    product: 'Träklossar 30 st i tygpåse',
    reviewer: CUSTOMER_EMAIL,
    rating: 5,
    comment: 'Fina färger och bra kvalitet. Påsen är praktisk.',
  },
  {
    product: 'Träklossar 30 st i tygpåse',
    reviewer: 'maja@torget.se',
    rating: 4,
    comment: 'Vår ettåring leker med dem varje dag.',
  },
  {
    product: 'Nalle Bruno, 35 cm',
    reviewer: 'elin@torget.se',
    rating: 5,
    comment: 'Världens mjukaste nalle. Klarade tvättmaskinen utmärkt.',
  },
  {
    product: 'Raket i trä med astronauter',
    reviewer: 'erik@torget.se',
    rating: 4,
    comment: 'Genomtänkt leksak, men astronauterna är lätta att tappa bort.',
  },
  {
    product: 'Monstera i kruka, 60 cm',
    reviewer: CUSTOMER_EMAIL,
    rating: 4,
    comment: 'Kom välpackad och mår bra. Ett blad var lite skadat.',
  },
  {
    product: 'Monstera i kruka, 60 cm',
    reviewer: 'karin@torget.se',
    rating: 5,
    comment: 'Pryder hela butiken. Bra skötselråd medföljde.',
  },
  {
    product: 'Vattenkanna i zink 5 l',
    reviewer: 'johan@torget.se',
    rating: 3,
    comment: 'Stabil kanna men strilen läcker lite vid fästet.',
  },
  {
    product: 'Fröpåse: Sommarblommor mix',
    reviewer: 'anna@torget.se',
    rating: 5,
    comment: 'Blommade hela sommaren och fjärilarna kom!',
  },
  {
    product: 'Pelargon Mårbacka',
    reviewer: 'oskar@torget.se',
    rating: 2,
    comment: 'Sticklingen var mindre än väntat och tog lång tid att komma igång.',
  },
  {
    product: 'Bordslampa i björk',
    reviewer: CUSTOMER_EMAIL,
    rating: 5,
    comment: 'Så vacker! Ger ett mysigt ljus i vardagsrummet.',
  },
  {
    product: 'Keramikvas, handdrejad',
    reviewer: 'maja@torget.se',
    rating: 5,
    comment: 'Ett konstverk. Perfekt present till mamma.',
  },
  {
    product: 'Kaffemugg med dalamönster',
    reviewer: 'erik@torget.se',
    rating: 4,
    comment: 'Fint mönster och bra storlek. Lite tunt handtag.',
  },
  {
    product: 'Kaffemugg med dalamönster',
    reviewer: 'elin@torget.se',
    rating: 5,
    comment: 'Min nya favoritmugg till morgonkaffet.',
  },
];

// ---------------------------------------------------------------------------------------
// Site texts (simple HTML; the web sanitises it before display)

const TORGET_ORGANISATION_NUMBER = organisationNumber('559120734');

export const SITE_TEXTS = {
  aboutText: `<p><strong>Torget</strong> är en svensk marknadsplats där små företag säljer direkt till dig. Här hittar du allt från handsydda kläder och hemslöjd till elektronik, böcker och växter – från säljare i hela landet.</p>
<p>Varje säljare driver sin egen butik på Torget, med egna produkter, priser och leveransvillkor. Du betalar säljaren direkt med Swish eller PayPal, och alla priser anges i svenska kronor.</p>
<ul>
<li><strong>Trygga köp:</strong> du ser säljarens organisationsnummer, adress och betyg från andra kunder innan du handlar.</li>
<li><strong>Ärliga recensioner:</strong> bara inloggade kunder kan betygsätta, och varje kund recenserar en produkt en gång.</li>
<li><strong>Personlig service:</strong> bakom varje butik finns en riktig företagare som svarar på dina frågor.</li>
</ul>
<p>Vill du också sälja? Läs om hur du öppnar en egen butik på Torget.</p>`,

  privacyText: `<p>Vi på Torget värnar om din integritet. Vi samlar bara in de uppgifter som behövs för att du ska kunna handla, sälja och använda ditt konto, och vi säljer aldrig dina uppgifter vidare.</p>
<p>Din inloggning och din varukorg sparas i din egen webbläsare. Vi använder inga spårningscookies och ingen annonsering.</p>
<p>I vår integritetspolicy kan du läsa vilka uppgifter vi behandlar, varför, hur länge de sparas och vilka rättigheter du har.</p>`,

  privacyPolicyText: `<p><strong>Personuppgiftsansvarig</strong></p>
<p>Torget AB, org.nr ${TORGET_ORGANISATION_NUMBER}, Storgatan 1, 111 22 Stockholm. E-post: integritet@torget.se.</p>
<p><strong>Vilka uppgifter vi behandlar</strong></p>
<ul>
<li>Konto: namn, e-postadress och lösenord (som bara sparas i krypterad form).</li>
<li>Köp: leveransadress, beställda varor, belopp, betalsätt och betalningsstatus.</li>
<li>Recensioner: ditt namn, betyg och kommentar, som visas öppet på produktsidan.</li>
<li>Säljare: butiksnamn, adress, telefonnummer, organisationsnummer och Swish-nummer.</li>
</ul>
<p><strong>Varför vi behandlar dem</strong></p>
<p>För att genomföra köpet mellan dig och säljaren (avtal), för att skicka e-post som du ber om, till exempel för att återställa lösenordet, för att förhindra bedrägerier och missbruk (berättigat intresse) och för att följa bokföringslagen (rättslig förpliktelse). När du beställer får säljaren ditt namn och din leveransadress så att varan kan skickas. Betalningar hanteras av PayPal respektive Swish enligt deras egna villkor. Om du bekräftar din adress på kartan skickas adressen till Google Maps.</p>
<p><strong>Hur länge vi sparar dem</strong></p>
<p>Kontouppgifter sparas tills du tar bort ditt konto. Uppgifter om köp sparas i sju år efter köpåret, eftersom bokföringslagen kräver det; tar du bort ditt konto avidentifieras det, men orderhistoriken finns kvar. Länkar för att återställa lösenord gäller i en timme.</p>
<p><strong>Dina rättigheter</strong></p>
<p>Enligt dataskyddsförordningen (GDPR) har du rätt att få veta vilka uppgifter vi har om dig, att få felaktiga uppgifter rättade, att få uppgifter raderade eller behandlingen begränsad, att invända mot behandling och att få ut dina uppgifter i ett maskinläsbart format. Namn, e-post och adress kan du själv ändra under din profil.</p>
<p><strong>Kontakt och klagomål</strong></p>
<p>Skriv till integritet@torget.se så svarar vi inom en månad. Är du inte nöjd med hur vi hanterar dina uppgifter kan du vända dig till Integritetsskyddsmyndigheten (IMY).</p>`,

  becomeSellerText1: `<p><strong>Öppna din egen butik på Torget</strong> och nå kunder i hela Sverige – utan att bygga en webbshop själv.</p>
<ul>
<li><strong>Kom igång på några minuter.</strong> Fyll i dina företagsuppgifter, lägg upp produkter med bild, pris och frakt, och börja sälja.</li>
<li><strong>Betalt direkt till dig.</strong> Kunderna betalar med Swish eller PayPal direkt till ditt företag. Du betalar bara en fast årsavgift för din plan – och den minsta planen är gratis.</li>
<li><strong>Din butik, din stil.</strong> Egen logotyp, bannerbild, färger och beskrivning. Med Plan 2 kan butiken dessutom visas på din egen domän.</li>
<li><strong>Synas och växa.</strong> Dina produkter visas i sökningen och under kategorierna, och nöjda kunders betyg lyfter din butik bland toppsäljarna.</li>
</ul>
<p>Vi granskar varje ansökan innan butiken öppnas, bland annat organisationsnumret, så att kunderna kan lita på alla säljare på Torget.</p>`,

  becomeSellerText2: `<p>Välj den plan som passar din verksamhet. Alla priser är i svenska kronor.</p>
<ul>
<li><strong>Plan 1 – Gratis.</strong> Sälj upp till 5 produkter. Din butik får en egen sida på Torget. Perfekt för att prova på.</li>
<li><strong>Plan 2 – 299 kr/år.</strong> Upp till 50 produkter och möjlighet att koppla din egen domän, så att kunderna möter butiken under ditt eget namn.</li>
<li><strong>Plan 3 – 499 kr/år.</strong> Domän ingår: vi registrerar och sköter domänen åt dig. Kommer snart.</li>
</ul>
<p>Plan 1 och Plan 2 kan du välja redan idag.</p>`,
};

/**
 * The approved shops' payout accounts, one of each type: made-up numbers (or the banks' published
 * examples) with valid check digits, checked by the payout account rule as they are seeded. Set a
 * month back, so no payout is held.
 */
export const SELLER_PAYOUT_ACCOUNTS: Record<string, PayoutAccountInput> = {
  'anna@torget.se': { type: 'bank_account', clearingNumber: '8327-9', accountNumber: '123 456 789-7' },
  'erik@torget.se': { type: 'bankgiro', bankgiro: '123-4566' },
  'karin@torget.se': { type: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSESESS' },
  'johan@torget.se': { type: 'bank_account', clearingNumber: '6000', accountNumber: '123 456 789' },
  'sara@torget.se': { type: 'bank_account', clearingNumber: '5000', accountNumber: '123 45 60' },
  'lars@torget.se': { type: 'bankgiro', bankgiro: '5555-5551' },
  'ingrid@torget.se': { type: 'iban', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
};

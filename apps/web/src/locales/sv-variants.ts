/**
 * Svenska of product variants' texts (the product page's options, the cart, the edit screen's
 * builder, and the shared rules' messages: rules/variants.ts), kept apart from sv.ts, which
 * spreads them in.
 */
import { MAX_OPTIONS, MAX_VARIANTS } from '@torget/shared/rules/variants';

export const variantsSwedish: Record<string, string> = {
  // The product page and the cart
  ', sold out': ', slutsåld',
  'Choose {{options}} to add it to the cart.': 'Välj {{options}} för att lägga varan i varukorgen.',
  ' and ': ' och ',
  // The search sidebar
  Sizes: 'Storlekar',
  Colours: 'Färger',
  ', {{count}} products_one': ', {{count}} produkt',
  ', {{count}} products_other': ', {{count}} produkter',
  // The edit screen
  Variants: 'Varianter',
  'Sizes or colours with their own stock: up to 2 options and 100 variants. Without options the product has one stock.':
    'Storlekar eller färger med eget lagersaldo: upp till 2 alternativ och 100 varianter. Utan alternativ har produkten ett lagersaldo.',
  'Option {{n}}': 'Alternativ {{n}}',
  'Option name': 'Alternativets namn',
  Values: 'Värden',
  'Separate the values with commas, for example S, M, L.': 'Skilj värdena åt med kommatecken, till exempel S, M, L.',
  'Remove option': 'Ta bort alternativ',
  'Add option': 'Lägg till alternativ',
  Size: 'Storlek',
  Colour: 'Färg',
  'Stock for every variant': 'Lagersaldo för alla varianter',
  'Set stock': 'Sätt lagersaldo',
  'Price for every variant': 'Pris för alla varianter',
  'Set price': 'Sätt pris',
  "Empty: the product's price.": 'Tomt: produktens pris.',
  Stock: 'Lagersaldo',
  'Price (kr)': 'Pris (kr)',
  SKU: 'Artikelnummer',
  Image: 'Bild',
  'Main image': 'Huvudbild',
  'Image {{n}}': 'Bild {{n}}',
  '{{count}}: the sum of the variants': '{{count}}: summan av varianternas',
  // The shared rules' messages (rules/variants.ts, schemas/catalog.ts), as the server answers them
  [`A product has at most ${MAX_OPTIONS} options.`]: `En produkt har högst ${MAX_OPTIONS} alternativ.`,
  [`A product has at most ${MAX_VARIANTS} variants.`]: `En produkt har högst ${MAX_VARIANTS} varianter.`,
  'Each option needs a name.': 'Varje alternativ behöver ett namn.',
  'Two options have the same name.': 'Två alternativ har samma namn.',
  'Each option needs at least one value.': 'Varje alternativ behöver minst ett värde.',
  'An option lists the same value twice.': 'Ett alternativ har samma värde två gånger.',
  'Variants need at least one option.': 'Varianter behöver minst ett alternativ.',
  'A product with options needs at least one variant.': 'En produkt med alternativ behöver minst en variant.',
  'A variant needs one value for each option.': 'En variant behöver ett värde för varje alternativ.',
  'A variant has a value its option does not list.': 'En variant har ett värde som alternativet inte har.',
  'Two variants have the same values.': 'Två varianter har samma värden.',
  'Two variants have the same SKU.': 'Två varianter har samma artikelnummer.',
  'This SKU is already used by another of your products.': 'Artikelnumret används redan av en annan av dina produkter.',
  "A variant's image must be one of the product's images.": 'En variants bild måste vara en av produktens bilder.',
  'Choose a variant (such as a size) of every product that has them.':
    'Välj en variant (till exempel en storlek) av varje produkt som har varianter.',
  'This variant no longer exists. Please choose it again.': 'Varianten finns inte längre. Välj den igen.',
  'Send options and variants together.': 'Skicka alternativ och varianter tillsammans.',
  'Unknown variant.': 'Okänd variant.',
};

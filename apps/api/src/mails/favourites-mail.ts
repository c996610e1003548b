/**
 * The favourites mail: the user's saved products that came back in stock or went on sale since
 * the last one, summarised (at most one a day). Swedish, then English, as the other mails whose
 * recipient's language is not known; each product linked on the marketplace.
 */
import { formatSekAmount, formatSekSwedish, oreToSek } from '@torget/shared/rules/money';
import type { Mail } from '#api/lib/mailer.ts';

/** What the mail tells (modules/favourites gives it: FavouriteDigest). */
export interface FavouritesMailData {
  user: { name: string; email: string };
  lines: { productId: string; name: string; priceOre: number; kind: 'back_in_stock' | 'on_sale' }[];
}

export function favouritesMail(digest: FavouritesMailData, siteOrigin: string): Mail {
  const link = (id: string) => `${siteOrigin}/product/${id}`;
  const swedish = digest.lines.map((line) => {
    const what = line.kind === 'on_sale' ? 'är på rea' : 'finns i lager igen';
    return `- ${line.name} ${what}, ${formatSekSwedish(oreToSek(line.priceOre))}: ${link(line.productId)}`;
  });
  const english = digest.lines.map((line) => {
    const what = line.kind === 'on_sale' ? 'is on sale' : 'is back in stock';
    return `- ${line.name} ${what}, SEK ${formatSekAmount(oreToSek(line.priceOre))}: ${link(line.productId)}`;
  });
  const one = digest.lines.length === 1 ? digest.lines[0] : undefined;
  const subject = one
    ? `${one.name}: nytt om en sparad produkt / news about a saved product`
    : `${digest.lines.length} sparade produkter har nyheter / ${digest.lines.length} saved products have news`;
  return {
    to: digest.user.email,
    subject: `Torget – ${subject}`,
    text: [
      `Hej ${digest.user.name}!`,
      '',
      'Nytt om produkter du har sparat:',
      ...swedish,
      '',
      `Dina sparade produkter: ${siteOrigin}/favourites`,
      'Vi skickar högst ett sådant mejl om dagen.',
      '',
      `Hi ${digest.user.name},`,
      '',
      'News about products you saved:',
      ...english,
      '',
      `Your saved products: ${siteOrigin}/favourites`,
      'We send at most one such mail a day.',
    ].join('\n'),
  };
}

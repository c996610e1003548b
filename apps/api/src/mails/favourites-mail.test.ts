import { describe, expect, it } from 'vitest';
import { favouritesMail } from './favourites-mail';

describe('favouritesMail', () => {
  const user = { name: 'Sara', email: 'sara@example.se' };
  it('names one product in the subject and links it, Swedish then English', () => {
    const mail = favouritesMail(
      { user, lines: [{ productId: 'p1', name: 'Lampa', priceOre: 12_950, kind: 'back_in_stock' }] },
      'https://torget.se',
    );
    expect(mail.to).toBe('sara@example.se');
    expect(mail.subject).toContain('Lampa');
    // Amounts as the other mails write them (a no-break space before "kr").
    expect(mail.text).toMatch(/- Lampa finns i lager igen, 129,50\skr: https:\/\/torget\.se\/product\/p1/);
    expect(mail.text).toMatch(/- Lampa is back in stock, SEK\s129\.50: https:\/\/torget\.se\/product\/p1/);
    expect(mail.text.indexOf('Hej Sara!')).toBeLessThan(mail.text.indexOf('Hi Sara,'));
  });

  it('counts several products in the subject', () => {
    const mail = favouritesMail(
      {
        user,
        lines: [
          { productId: 'p1', name: 'Lampa', priceOre: 100, kind: 'back_in_stock' },
          { productId: 'p2', name: 'Vas', priceOre: 200, kind: 'on_sale' },
        ],
      },
      'https://torget.se',
    );
    expect(mail.subject).toContain('2 sparade produkter');
    expect(mail.text).toContain('Vas är på rea');
  });
});

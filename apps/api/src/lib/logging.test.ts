import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './logging';

describe('log serializers', () => {
  it('cut secrets out of URLs', () => {
    expect(redactUrl('/reset_password/AbC-123_x?x=1')).toBe('/reset_password/[redacted]?x=1');
    expect(redactUrl('/api/orders/mine?token=eyJ.abc.def&page=2')).toBe('/api/orders/mine?token=[redacted]&page=2');
    expect(redactUrl('/api/products?name=lampa')).toBe('/api/products?name=lampa');
  });

  it('log a failed query without its values', () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
    // As node-postgres reports a violated constraint: the row, with its values, is in `detail`.
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint'), {
      code: '23514',
      detail: `Failing row contains (a@b.se, ${hash}).`,
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['a@b.se', hash],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('insert into');
    expect(logged).toContain('23514');
    expect(logged).not.toContain(hash.slice(10));
    expect(logged).not.toContain('a@b.se');
  });
});

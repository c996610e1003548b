/**
 * The search's sizes and colours (docs/decisions/290-product-variants.md): the option values of
 * the products a search shows, where the option is a size or a colour by its name
 * (rules/variants.ts, optionKind). Read through the partial index of the products that have
 * options (migration 0043), so a catalogue where few products have variants pays a probe of a
 * small index, whatever the search; at most OPTION_SAMPLE of them are read.
 */
import type { FacetValue } from '@torget/shared/api-types.generated';
import { compareSizes, FACET_OPTION_NAMES, optionKind } from '@torget/shared/rules/variants';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#api/db/client.ts';
import { products } from '#api/db/schema.ts';
import { listed } from './listed';

/** Most products with options read for a search's sizes and colours. */
export const OPTION_SAMPLE = 1000;
/** Most listed products with options looked at (the search's conditions are checked on each). */
const CANDIDATES = 20_000;

const NAMES = [...FACET_OPTION_NAMES.size, ...FACET_OPTION_NAMES.colour];

/** The sizes and colours of the products `where` picks, each with how many of them have it. */
export async function optionFacets(db: Db, where: SQL): Promise<{ sizes: FacetValue[]; colours: FacetValue[] }> {
  // The listed products with options first, from their partial index alone (materialized, so the
  // planner cannot start from the search's own indexes instead: it has no statistics for the
  // options' length and guessed a third of the table), then the search's conditions on each.
  const rows = await queryRows<{ name: string; value: string; n: number }>(
    db,
    sql`with with_options as materialized (
          select ${products.id} as id from ${products}
          where jsonb_array_length(${products.options}) > 0 and ${listed}
          limit ${CANDIDATES}
        )
        select o.option ->> 'name' as name, v.value, count(*)::int as n
        from (select ${products.options} as options from ${products}
              where ${products.id} in (select id from with_options) and ${where}
              limit ${OPTION_SAMPLE}) as p
        cross join lateral jsonb_array_elements(p.options) as o(option)
        cross join lateral jsonb_array_elements_text(o.option -> 'values') as v(value)
        where lower(o.option ->> 'name') = any(${sql`string_to_array(${NAMES.join(',')}, ',')`})
        group by 1, 2`,
  );
  const sizes = new Map<string, number>();
  const colours = new Map<string, number>();
  for (const row of rows) {
    const kind = optionKind(row.name);
    const into = kind === 'size' ? sizes : kind === 'colour' ? colours : null;
    into?.set(row.value, (into.get(row.value) ?? 0) + row.n);
  }
  const list = (values: Map<string, number>) => [...values].map(([value, count]) => ({ value, count }));
  return {
    sizes: list(sizes).sort((a, b) => compareSizes(a.value, b.value)),
    colours: list(colours).sort((a, b) => a.value.localeCompare(b.value, 'sv')),
  };
}

import { useSearchParams } from 'react-router';

/**
 * A list's search and filters kept in the address (`?search=…&role=…`), so a reload and the back
 * and forward buttons keep them. Applying new values starts again at page 1 (`page` dropped);
 * an empty value leaves its parameter out.
 */
export function useListFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  const apply = (next: Partial<Record<K, string>>) => {
    const merged = new URLSearchParams(params);
    for (const key of keys) {
      if (!(key in next)) continue;
      const text = (next[key] ?? '').trim();
      if (text === '') merged.delete(key);
      else merged.set(key, text);
    }
    merged.delete('page');
    setParams(merged);
  };
  return {
    keys,
    values,
    /** The address's query now: a form keyed by it shows the values again after back or forward. */
    stamp: params.toString(),
    active: keys.some((key) => values[key] !== ''),
    apply,
    clear: () => apply(Object.fromEntries(keys.map((key) => [key, ''])) as Partial<Record<K, string>>),
  };
}

export type ListFilters<K extends string> = ReturnType<typeof useListFilters<K>>;

/** Whether `value` is one of the words of a fixed list (payment methods, plan codes, sort orders). */
export function isOneOf<T extends string>(words: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (words as readonly string[]).includes(value);
}

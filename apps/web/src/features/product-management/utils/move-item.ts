/** A copy of `items` with the item at `from` moved to `to` (the others keep their order). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length) return copy;
  const [moved] = copy.splice(from, 1) as [T];
  copy.splice(to, 0, moved);
  return copy;
}

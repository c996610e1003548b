/**
 * Sets `key` in `map`, first dropping the entry set longest ago when the map already holds
 * `most`: a memo that a flood of new keys cannot grow without bound. Oldest by when it was set,
 * not by when it was last read, so reading costs nothing more than `get`.
 */
export function setKeepingAtMost<K, V>(map: Map<K, V>, key: K, value: V, most: number): void {
  if (!map.has(key) && map.size >= most) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

/**
 * Sets `key` as the newest entry of a map used as a bounded memo (a Map iterates in insertion order), then drops
 * the oldest entries beyond `max`: what a server keeps of pages, renders and images stays bounded.
 */
export function keepNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}

import type { LinkerOptions, PropertyValue } from './types';

/** Spec §5: letter, underscore or $ first, then letters, digits, underscore or $; 100 at most. */
const NAME = /^[a-zA-Z_$][a-zA-Z0-9_$]{0,99}$/;
const RESERVED = new Set([
  'distinct_id', 'original_id', 'time', 'properties', 'id', 'first_id', 'second_id', 'users', 'events', 'event', 'user_id', 'date', 'datetime',
]);

/** Each check answers null when the call is fine, else the reason it is refused (logged, not sent). */
export function checkName(name: unknown, what = 'name'): string | null {
  if (typeof name !== 'string') return `${what} must be a string`;
  if (!NAME.test(name)) return `${what} "${name}" must start with a letter, _ or $ and use letters, digits, _ or $ (100 at most)`;
  if (RESERVED.has(name.toLowerCase())) return `${what} "${name}" is reserved`;
  return null;
}

function checkValue(key: string, value: unknown): string | null {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    return typeof value === 'number' && !Number.isFinite(value) ? `property ${key} must be a finite number` : null;
  }
  if (value instanceof Date) return null;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return null;
  return `property ${key} must be a string, number, boolean, date or list of strings`;
}

/** Custom properties: valid names, not starting with $ (reserved for the SDK's own). */
export function checkProperties(props: unknown, custom = true): string | null {
  if (props === undefined) return null;
  if (!props || typeof props !== 'object' || Array.isArray(props)) return 'properties must be an object';
  for (const [key, value] of Object.entries(props)) {
    const bad = checkName(key, 'property') ?? (custom && key.startsWith('$') ? `property ${key} must not start with $` : null) ?? checkValue(key, value);
    if (bad) return bad;
  }
  return null;
}

export function checkDistinctId(id: unknown): string | null {
  if (typeof id !== 'string' && typeof id !== 'number') return 'distinct id must be a string';
  const text = String(id);
  return text.length >= 1 && text.length <= 255 ? null : 'distinct id must be 1 to 255 characters';
}

export function checkIncrement(props: unknown): string | null {
  const bad = checkProperties(props);
  if (bad) return bad;
  for (const [key, value] of Object.entries(props as Record<string, PropertyValue>)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `increment ${key} must be a number`;
  }
  return null;
}

export function checkAppend(props: unknown): string | null {
  const bad = checkProperties(props);
  if (bad) return bad;
  for (const [key, value] of Object.entries(props as Record<string, PropertyValue>)) {
    if (typeof value !== 'string' && !Array.isArray(value)) return `append ${key} must be a string or a list`;
  }
  return null;
}

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/i;

/** Linker settings: part_url domain-like (a host, optionally with a path), after_hash boolean. */
export function checkLinker(options: unknown): string | null {
  const list = Array.isArray(options) ? options : [options];
  for (const o of list as Partial<LinkerOptions>[]) {
    if (!o || typeof o !== 'object') return 'linker settings must be objects';
    const host = typeof o.part_url === 'string' ? o.part_url.split('/')[0] : '';
    if (!DOMAIN.test(host ?? '')) return `linker part_url "${String(o.part_url)}" must be domain-like`;
    if (typeof o.after_hash !== 'boolean') return 'linker after_hash must be a boolean';
  }
  return null;
}

/** Letter, underscore or $ first, then letters, digits, underscore or $ (docs/rules/validation.md#analytics-names); 100 at most. */
const NAME = /^[a-zA-Z_$][a-zA-Z0-9_$]{0,99}$/;
const RESERVED = new Set([
  'distinct_id',
  'original_id',
  'time',
  'properties',
  'id',
  'first_id',
  'second_id',
  'users',
  'events',
  'event',
  'user_id',
  'date',
  'datetime',
]);

/**
 * The SDK's preset properties (sa-sdk-javascript 1.x: auto-tracked taps, scrolls, page views and
 * their context). The rule in docs/rules/validation.md#analytics-names keeps `$` for them: a custom property may not start with `$`, a preset may.
 */
export const PRESET_PROPERTIES: ReadonlySet<string> = new Set([
  // taps ($WebClick)
  '$element_id',
  '$element_content',
  '$element_name',
  '$element_class_name',
  '$element_type',
  '$element_selector',
  '$element_path',
  '$element_position',
  '$element_target_url',
  '$page_x',
  '$page_y',
  // scrolls and stays ($WebStay, $WebPageLeave)
  '$viewport_position',
  '$viewport_height',
  '$viewport_width',
  '$event_duration',
  '$page_height',
  // the page ($pageview, $WebPageLoad) and where it came from
  '$url',
  '$url_path',
  '$title',
  '$referrer',
  '$referrer_host',
  '$page_resource_size',
  '$latest_referrer',
  '$latest_referrer_host',
  '$latest_search_keyword',
  '$latest_traffic_source_type',
  '$latest_landing_page',
  '$latest_utm_source',
  '$latest_utm_medium',
  '$latest_utm_campaign',
  '$latest_utm_content',
  '$latest_utm_term',
  '$utm_source',
  '$utm_medium',
  '$utm_campaign',
  '$utm_content',
  '$utm_term',
  '$first_referrer',
  '$first_referrer_host',
  '$first_search_keyword',
  '$first_traffic_source_type',
  '$first_visit_time',
  '$first_browser_language',
  '$first_browser_charset',
  '$search_keyword_id',
  '$search_keyword_id_type',
  '$search_keyword_id_hash',
  // the device and the library
  '$screen_height',
  '$screen_width',
  '$timezone_offset',
  '$lib',
  '$lib_version',
  '$lib_method',
  '$lib_detail',
  '$lib_plugin_version',
  '$is_first_day',
  '$is_first_time',
  '$app_id',
  '$device_id',
  '$carrier',
  '$event_session_id',
]);

/** Each check answers null when the call is fine, else the reason it is refused (logged, not sent). */
export function checkName(name: unknown, what = 'name'): string | null {
  if (typeof name !== 'string') return `${what} must be a string`;
  if (!NAME.test(name))
    return `${what} "${name}" must start with a letter, _ or $ and use letters, digits, _ or $ (100 at most)`;
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

/** Property names: valid names; a `$` first only for the SDK's presets (custom ones may not). */
export function checkProperties(props: unknown, custom = true): string | null {
  if (props === undefined) return null;
  if (!props || typeof props !== 'object' || Array.isArray(props)) return 'properties must be an object';
  for (const [key, value] of Object.entries(props)) {
    const bad =
      checkName(key, 'property') ??
      (custom && key.startsWith('$') && !PRESET_PROPERTIES.has(key)
        ? `custom property ${key} must not start with $`
        : null) ??
      checkValue(key, value);
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
  for (const [key, value] of Object.entries(props as Record<string, unknown>)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `increment ${key} must be a number`;
  }
  return null;
}

export function checkAppend(props: unknown): string | null {
  const bad = checkProperties(props);
  if (bad) return bad;
  for (const [key, value] of Object.entries(props as Record<string, unknown>)) {
    if (typeof value !== 'string' && !Array.isArray(value)) return `append ${key} must be a string or a list`;
  }
  return null;
}

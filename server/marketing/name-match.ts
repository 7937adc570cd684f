import { pinyin } from 'pinyin-pro';

import { maskName } from '../../src/api/contract/mask';
import { likePattern } from '../repositories/query-helpers';

/**
 * How an adviser finds a customer by name. Lists show names masked (胡*秀), so the adviser types
 * what they read, stars included; on a phone keyboard pinyin initials (hlx) are the quickest.
 */

/** The keyword as a displayed name: full-width stars folded to '*'; null when it has no star. */
export function displayedName(keyword: string): string | null {
  const k = keyword.trim().replace(/＊/g, '*');
  return k.includes('*') ? k : null;
}

/** A LIKE pattern that keeps only names the displayed keyword could be: each star is one character. */
export function displayedNameLike(displayed: string): string {
  return likePattern(displayed).replace(/\*/g, '_');
}

/** Whether a name, masked as lists show it, contains the displayed keyword. */
export function matchesDisplayed(name: string, displayed: string): boolean {
  return maskName(name).includes(displayed);
}

/** The keyword as pinyin initials (2 to 8 Latin letters, lower case); null otherwise. */
export function initialsKeyword(keyword: string): string | null {
  const k = keyword.trim().toLowerCase();
  return /^[a-z]{2,8}$/.test(k) ? k : null;
}

const initialsCache = new Map<string, string>();

/** A name's pinyin initials with surname readings (单 → s, 欧阳 → oy): 胡丽秀 → "hlx". */
export function nameInitials(name: string): string {
  let hit = initialsCache.get(name);
  if (hit === undefined) {
    hit = pinyin(name, { pattern: 'first', toneType: 'none', surname: 'head', type: 'array' }).join('').toLowerCase();
    // Names repeat across searches; the cache is bounded by the customer table.
    if (initialsCache.size > 50_000) initialsCache.clear();
    initialsCache.set(name, hit);
  }
  return hit;
}

/** Initials typed from the start of the name: "hl" and "hlx" find 胡丽秀, "lx" does not. */
export function matchesInitials(name: string, initials: string): boolean {
  return nameInitials(name).startsWith(initials);
}

/**
 * A customer-name filter for the adviser's pickers: a keyword with stars is a name as lists show it (胡*秀: each
 * star one hidden character, docs/workbench.md), any other keyword a part of the real name. One rule for every
 * customer search (the workbench's search adds initials, tags and phone tails).
 */
export function customerNameLike(keyword: string): { pattern: string; displayed: string | null } {
  const displayed = displayedName(keyword);
  return {
    displayed,
    pattern: displayed ? displayedNameLike(displayed) : likePattern(keyword),
  };
}

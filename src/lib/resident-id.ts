/**
 * Chinese resident ID rules (docs/rules/validation.md#resident-id), apart from the sign-in validators: the home route's
 * first load uses those, and only the invitation screens and the server need these.
 */

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The 18th character of a resident ID from its first 17 digits (ISO 7064 MOD 11-2). */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Chinese resident ID: 15 digits (birth date YYMMDD, 19YY) or 17 digits plus a digit or X
 * (lower-case x accepted, read as X), a real calendar birth date, and for 18 the check character.
 */
export function isValidResidentId(input: string): boolean {
  const id = input.toUpperCase();
  if (/^\d{15}$/.test(id)) {
    return isCalendarDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!isCalendarDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  return idCheckCharacter(id.slice(0, 17)) === id[17];
}

/** Normalised form of a valid ID (X upper-cased). */
export function normaliseResidentId(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * The one way personal data is masked, on the server and in the client alike (docs/compliance.md#masking-people):
 * names 张*明 (the first and last character kept, any length; two characters → 张*),
 * phones 138****5678, resident ids 110***********002X. The full values stay on the server.
 */

/**
 * Name as shown in lists: 张*明, 李*, 欧阳*锋. An empty name stays empty, so callers choose the stand-in.
 * A handle made from a phone (用户2010, the name of an account opened by SMS) keeps its word and its last four
 * digits like a masked phone does (用户2010, 用户*******2010): starring the word turned it into 用****0.
 */
export function maskName(name: string): string {
  const handle = /^(\D+?)(\d{4,})$/.exec(name.trim());
  if (handle) return `${handle[1]}${'*'.repeat(handle[2]!.length - 4)}${handle[2]!.slice(-4)}`;
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

/**
 * Phone as shown anywhere but to its owner: 138****5678. At least four digits stay hidden, so a shorter number
 * (a Hong Kong 8-digit one: 12****78) shows fewer at each end; too short to be a phone → all stars.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '****';
  const shown = Math.min(7, digits.length - 4);
  const head = Math.min(3, Math.floor(shown / 2));
  return `${digits.slice(0, head)}****${digits.slice(digits.length - (shown - head))}`;
}

/** Resident ID as stored and shown after verification: 110***********002X. */
export function maskIdNumber(id: string): string {
  if (id.length < 8) return '*'.repeat(id.length);
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

/**
 * Rewrites TypeBox's compiled checks to call the helpers of src/api/guard-runtime.ts where it would write the same
 * few lines out at every object and array: the object test and the loop over an array's items. The helpers do
 * exactly what the code they replace did, in the same order.
 */

/** The helpers src/api/guard-runtime.ts exports, in the order a generated module imports them. */
export const GUARD_RUNTIME_NAMES = ['objectLike', 'everyItem', 'uniqueItems'] as const;

// `value` or a member of it (`value['a']['b']`): TypeBox's only operands for these checks.
const OPERAND = String.raw`value(?:\['(?:[^'\\]|\\.)*'\])*`;
const OBJECT_LIKE = new RegExp(
  String.raw`\(typeof (${OPERAND}) === 'object' && \1 !== null && !Array\.isArray\(\1\)\)`,
  'g',
);
// TypeBox's `uniqueItems` check calls its own `hash`, which compiled code does not carry: the runtime's helper
// compares items by value instead.
const UNIQUE_ITEMS = new RegExp(
  String.raw`\(\(value\) => \{ const set = new Set\(\); for\(const element of value\) \{ const hashed = hash\(element\); ` +
    String.raw`if\(set\.has\(hashed\)\) \{ return false \} else \{ set\.add\(hashed\) \} \} return true \} \)\((${OPERAND})\)`,
  'g',
);
const LOOP_START = '((array) => { for(const value of array) if(!';
const LOOP_MIDDLE = ') { return false }; return true; })';

/** The index just past the parenthesis that closes the one at `open`, skipping string literals. */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "'") {
      for (i++; code[i] !== "'"; i++) if (code[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  throw new Error('gen-guards: unbalanced compiled code');
}

/** `((array) => { for(const value of array) if(!(E)) { return false }; return true; })(X)` → `everyItem(X, …E)`. */
function callEveryItem(code: string, used: Set<string>): string {
  const start = code.indexOf(LOOP_START);
  if (start < 0) return code;
  const checkOpen = start + LOOP_START.length;
  const checkEnd = closing(code, checkOpen);
  if (!code.startsWith(LOOP_MIDDLE, checkEnd)) throw new Error('gen-guards: unexpected array check');
  const argOpen = checkEnd + LOOP_MIDDLE.length;
  const argEnd = closing(code, argOpen);
  // The check is `(E)`; a lone call on the item (`(checkX(value))`) is passed as the function itself.
  const check = callEveryItem(code.slice(checkOpen + 1, checkEnd - 1), used);
  const call = /^\((\w+)\(value\)\)$/.exec(check);
  const array = callEveryItem(code.slice(argOpen + 1, argEnd - 1), used);
  used.add('everyItem');
  const replaced = `everyItem(${array}, ${call ? call[1] : `(value) => ${check}`})`;
  return code.slice(0, start) + replaced + callEveryItem(code.slice(argEnd), used);
}

/** The compiled body with the helpers called in place of their inline code; `used` collects the helpers it calls. */
export function callGuardRuntime(code: string, used: Set<string>): string {
  const objects = code.replace(OBJECT_LIKE, (_match, operand: string) => {
    used.add('objectLike');
    return `objectLike(${operand})`;
  });
  const unique = objects.replace(UNIQUE_ITEMS, (_match, operand: string) => {
    used.add('uniqueItems');
    return `uniqueItems(${operand})`;
  });
  if (/\bhash\(/.test(unique)) throw new Error('gen-guards: a hash call the runtime does not provide');
  return callEveryItem(unique, used);
}

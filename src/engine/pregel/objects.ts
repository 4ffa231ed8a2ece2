/**
 * Shallow object merges for the hot paths, built with `Object.assign` rather than spread.
 *
 * Why: in V8 (Node 20), adding a key to an object made by `{ ...x }` — or spreading two objects
 * into one literal — takes a slow path of about a microsecond per key, and such copies get maps
 * no other object shares, so later reads of them are megamorphic. `Object.assign` onto a fresh
 * `{}` follows the usual map transitions. It differs from spread only for an own `__proto__`
 * key (assigning it would set the prototype): such a source is merged by spread instead.
 */

const hasOwnProto = (o: object | undefined): boolean => o !== undefined && o !== null && Object.hasOwn(o, '__proto__');

/**
 * `{ ...a, ...b, ...c }`, same keys in the same order.
 * @param a first source (may be undefined)
 * @param b second source, over `a`
 * @param c third source, over both
 */
export function merge<T extends object>(a: object | undefined, b?: object, c?: object): T {
  if (hasOwnProto(a) || hasOwnProto(b) || hasOwnProto(c)) return { ...a, ...b, ...c } as T;
  return Object.assign({}, a, b, c) as T;
}

/**
 * What a text input's capitalisation options make of a typed value (spec section 5: "Optional
 * first-letter capitalisation exists for inputs"), applied as the user types:
 * - `capitalise: true`: every letter upper case (postcodes, registration numbers);
 * - `capitaliseFirst: true`: the first letter upper case, the rest as typed (first names:
 *   "jane" -> "Jane", "élodie" -> "Élodie"; "McDonald" and "O'Neil" stay as typed). Always the
 *   first letter: a last name with a lower-case particle ("van der Berg") would gain a capital, so
 *   use it on fields whose first letter is always one (first names).
 * Typing aids of the form only: no server code reads uiSchema options, and a value is stored as
 * sent (postcodes are normalised by the engine's postcode rule, not by these options).
 * @example capitaliseInput('jane', { capitaliseFirst: true }) // 'Jane'
 */
export function capitaliseInput<T>(value: T, options: object | undefined): T {
  const { capitalise, capitaliseFirst } = (options ?? {}) as { capitalise?: unknown; capitaliseFirst?: unknown };
  if (typeof value !== 'string') return value;
  if (capitalise) return value.toUpperCase() as T;
  if (!capitaliseFirst) return value;
  const at = value.search(/\p{L}/u);
  if (at < 0) return value;
  const letter = String.fromCodePoint(value.codePointAt(at)!);
  const upper = letter.toUpperCase();
  // A letter whose capital is longer ("ß" -> "SS") is left as typed: the caret would jump.
  if (upper === letter || [...upper].length !== 1) return value;
  return (value.slice(0, at) + upper + value.slice(at + letter.length)) as T;
}

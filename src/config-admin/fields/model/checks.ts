/**
 * The format checks staff can put on a text field without writing a pattern: the engine's formats
 * and a list of safe patterns, plus a pattern of their own only when it is safe (safe-regex2) and
 * passes the samples they give.
 */
// safe-regex2 refuses star height > 1 ((a+)+), the shape of catastrophic backtracking; with the
// length cap below it is the bound the engine's publish checks state too (engine/stages/publish-checks.ts).
import safeRegex from 'safe-regex2';

/** A format the engine's ajv knows (engine/validation/extend-ajv.ts): email, http-url, phone, ipv4, postcode-uk, ... */
export interface FormatCheck {
  id: string;
  /** `format` value, or the `postcode` keyword. */
  schema: { format: string } | { postcode: true | string };
  /** Samples that pass and fail: the list's own test proves each against the engine's ajv. */
  matches?: string[];
  rejects?: string[];
}

/** In the order staff pick them: the usual ones first. Ids are i18n key tails (their names). */
export const FORMAT_CHECKS: readonly FormatCheck[] = [
  { id: 'email', schema: { format: 'email' }, matches: ['sales@dealer.co.uk'], rejects: ['sales@', 'dealer.co.uk'] },
  { id: 'httpUrl', schema: { format: 'http-url' }, matches: ['https://www.dealer.co.uk/stock'], rejects: ['www.dealer.co.uk', 'ftp://dealer.co.uk'] },
  { id: 'uri', schema: { format: 'uri' }, matches: ['https://dealer.fr/a?b=c', 'mailto:info@dealer.nl'], rejects: ['dealer page'] },
  { id: 'phone', schema: { format: 'phone' }, matches: ['+44 (0)113 496 0000', '0113 4960000'], rejects: ['call us', '12'] },
  { id: 'numeric', schema: { format: 'numeric' }, matches: ['42', '-3.5'], rejects: ['4 2', '1e3'] },
  { id: 'date', schema: { format: 'date' }, matches: ['2026-11-30'], rejects: ['30/11/2026', '2026-13-01'] },
  { id: 'timeHhmm', schema: { format: 'time-hhmm' }, matches: ['09:00', '17:30'], rejects: ['9:00', '24:00'] },
  { id: 'postcode', schema: { postcode: true }, matches: ['SW1A 1AA', 'LS1 4AP'], rejects: ['75001', '12345678'] },
  { id: 'postcodeUk', schema: { format: 'postcode-uk' }, matches: ['SW1A 1AA', 'm11ae'], rejects: ['75001'] },
  { id: 'postcodeFr', schema: { format: 'postcode-fr' }, matches: ['75001'], rejects: ['7500', 'SW1A 1AA'] },
  { id: 'postcodeNl', schema: { postcode: 'NL' }, matches: ['1096 AJ', '1096AJ'], rejects: ['1096', 'AJ 1096'] },
  { id: 'postcodeBe', schema: { postcode: 'BE' }, matches: ['1000'], rejects: ['10000', 'B-1000'] },
  { id: 'postcodeZa', schema: { postcode: 'ZA' }, matches: ['8001'], rejects: ['800', 'SW1A 1AA'] },
  { id: 'postcodeAu', schema: { postcode: 'AU' }, matches: ['2000', 'NSW 2000'], rejects: ['200', 'XYZ 2000'] },
  { id: 'ipv4', schema: { format: 'ipv4' }, matches: ['192.168.0.10'], rejects: ['192.168.0.256', '10.0.0'] },
  { id: 'ipv6', schema: { format: 'ipv6' }, matches: ['2001:db8::1'], rejects: ['2001:db8::g', '192.168.0.1'] },
  { id: 'uuid', schema: { format: 'uuid' }, matches: ['3f2504e0-4f89-11d3-9a0c-0305e82c3301'], rejects: ['3f2504e0'] },
  { id: 'hostname', schema: { format: 'hostname' }, matches: ['www.dealer.co.uk'], rejects: ['dealer..co.uk', 'https://dealer.co.uk'] },
];

/** A named, tested pattern (`pattern`): e.g. a UK VAT number, an FCA number, digits only. */
export interface SafePattern {
  id: string;
  pattern: string;
  /** Samples that match and do not: the list's own test proves each. */
  matches: string[];
  rejects: string[];
}

/** Registration numbers dealers in the portal's markets type, and two plain shapes of text. */
export const SAFE_PATTERNS: readonly SafePattern[] = [
  // GB then 9 digits (12 for a group registration); HMRC writes it with or without the GB.
  { id: 'ukVatNumber', pattern: '^(GB)?([0-9]{9}|[0-9]{12})$', matches: ['GB123456789', '123456789', 'GB123456789012'], rejects: ['GB12345678', 'FR12345678901', 'GB 123'] },
  // Companies House: 8 digits, or 2 letters (SC, NI, OC, ...) and 6 digits.
  { id: 'ukCompanyNumber', pattern: '^([0-9]{8}|[A-Z]{2}[0-9]{6})$', matches: ['01234567', 'SC123456', 'OC301234'], rejects: ['1234567', 'SC12345A', 'sc123456'] },
  // The FCA's firm reference number: 6 or 7 digits.
  { id: 'fcaNumber', pattern: '^[0-9]{6,7}$', matches: ['123456', '1234567'], rejects: ['12345', '12345678', 'FRN123456'] },
  // SIRET: 14 digits (SIREN 9 + NIC 5), often written 3 3 3 5.
  { id: 'frSiret', pattern: '^[0-9]{3} ?[0-9]{3} ?[0-9]{3} ?[0-9]{5}$', matches: ['73282932000074', '732 829 320 00074'], rejects: ['7328293200007', '732-829-320-00074'] },
  // Kamer van Koophandel: 8 digits.
  { id: 'nlKvkNumber', pattern: '^[0-9]{8}$', matches: ['12345678'], rejects: ['1234567', 'NL12345678'] },
  // Belgian enterprise number (KBO / BCE): 10 digits starting 0 or 1, written 0123.456.789.
  { id: 'beEnterpriseNumber', pattern: '^[01][0-9]{3}\\.?[0-9]{3}\\.?[0-9]{3}$', matches: ['0123.456.789', '0123456789', '1234.567.890'], rejects: ['2123.456.789', '123.456.789'] },
  // CIPC registration: year / 6 digits / 2-digit type.
  { id: 'zaCompanyRegistration', pattern: '^[0-9]{4}/[0-9]{6}/[0-9]{2}$', matches: ['2001/123456/07'], rejects: ['2001/12345/07', '2001-123456-07'] },
  // Australian Business Number: 11 digits, written 2 3 3 3.
  { id: 'auAbn', pattern: '^[0-9]{2} ?[0-9]{3} ?[0-9]{3} ?[0-9]{3}$', matches: ['51 824 753 556', '51824753556'], rejects: ['5182475355', '51-824-753-556'] },
  { id: 'digitsOnly', pattern: '^[0-9]+$', matches: ['0042', '7'], rejects: ['4.2', '12a', ' 12'] },
  // Letters of any alphabet (accents included), spaces, hyphens and apostrophes: names.
  { id: 'lettersAndSpaces', pattern: "^[\\p{L} '-]+$", matches: ['Jean-Luc', "Zoë O'Neill", 'Van der Berg'], rejects: ['R2D2', 'name@dealer'] },
];

/** The longest pattern staff may write (publish allows 500: ours stays well under). */
export const MAX_PATTERN_LENGTH = 200;

/** Whether a pattern of staff's own may be used: compiles with the `u` flag, is not catastrophic, and matches / rejects the samples. Answers the problem's i18n key tail, or null. */
export function patternProblem(pattern: string, matches: string[], rejects: string[]): string | null {
  if (!pattern) return 'patternEmpty';
  if (pattern.length > MAX_PATTERN_LENGTH) return 'patternTooLong';
  let re: RegExp;
  try {
    // ajv compiles `pattern` with the u flag: a pattern valid without it may not be valid there.
    re = new RegExp(pattern, 'u');
  } catch {
    return 'patternInvalid';
  }
  if (!safeRegex(pattern)) return 'patternUnsafe';
  if (matches.some((sample) => !re.test(sample))) return 'patternMissesSample';
  if (rejects.some((sample) => re.test(sample))) return 'patternMatchesReject';
  return null;
}

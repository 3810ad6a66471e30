/**
 * The one CSV writer of the app's exports (companies, products, users): cells quoted when they hold
 * a separator, quote or line break, and formula cells defused, so a spreadsheet opening the file
 * never runs what a user typed into a record (OWASP "CSV injection"). Pure: the lists hand the text
 * to react-admin's downloadCSV.
 */

/** A cell starting with one of these is read as a formula by Excel, LibreOffice and Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value as text that no spreadsheet runs: a leading `=`, `+`, `-`, `@`, tab or carriage return
 * gets a single quote in front.
 *
 * @example defuse('=HYPERLINK("x")') // `'=HYPERLINK("x")`
 */
export function defuse(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A CSV cell: empty for null and undefined, defused, and quoted when it holds a separator, quote or
 * line break.
 *
 * @example csvCell('Garage "du" Lac') // '"Garage ""du"" Lac"'
 */
export function csvCell(value: unknown): string {
  const text = defuse(value === null || value === undefined ? '' : String(value));
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows of one shape as CSV text: a header of the first row's keys (`emptyHeader` when there are no
 * rows), one line per row, CRLF line ends.
 *
 * @example toCsv([{ id: 1, name: '-5' }], ['id', 'name']) // "id,name\r\n1,'-5"
 */
export function toCsv(rows: ReadonlyArray<Record<string, unknown>>, emptyHeader: readonly string[]): string {
  const header = rows.length ? Object.keys(rows[0]) : [...emptyHeader];
  return [header.join(','), ...rows.map((row) => header.map((key) => csvCell(row[key])).join(','))].join('\r\n');
}

/**
 * A record with every text in it defused, nested values included: for react-admin's default
 * exporter (jsonexport), whose columns stay as they are while no cell runs as a formula.
 *
 * @example defuseDeep({ name: '=1+1', roles: [{ name: '@x' }] }) // { name: "'=1+1", roles: [{ name: "'@x" }] }
 */
export function defuseDeep<T>(value: T): T {
  if (typeof value === 'string') return defuse(value) as T;
  if (Array.isArray(value)) return value.map(defuseDeep) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, defuseDeep(v)])) as T;
  return value;
}

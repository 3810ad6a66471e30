/**
 * Every condition a stage file holds, with its JSON pointer in the file: each rule's and check's
 * `logic`, and each `visibleIf` / `requiredIf` / `requiredIfLogic` property's logic in the schema and
 * the uiSchema. A shared shape (schemas/shapes/*.json, no `schema` key) is walked as a schema.
 */
export interface FileLogic {
  at: string;
  logic: unknown;
}

const LOGIC_KEYWORDS = new Set(['visibleIf', 'requiredIf', 'requiredIfLogic']);
// Data, not schema: a property named visibleIf inside a default is a value.
const DATA_KEYWORDS = new Set(['default', 'enum', 'const', 'examples']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const seg = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function walk(node: unknown, at: string, out: FileLogic[]): void {
  if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`, out));
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (LOGIC_KEYWORDS.has(key) && isObject(value)) {
      for (const [prop, logic] of Object.entries(value)) out.push({ at: `${at}/${key}/${seg(prop)}`, logic });
    } else if (!DATA_KEYWORDS.has(key)) walk(value, `${at}/${seg(key)}`, out);
  }
}

export function jsonLogicOf(file: unknown): FileLogic[] {
  if (!isObject(file)) return [];
  const out: FileLogic[] = [];
  for (const list of ['rules', 'checks'] as const) {
    const items = file[list];
    if (Array.isArray(items)) items.forEach((item, i) => isObject(item) && 'logic' in item && out.push({ at: `/${list}/${i}/logic`, logic: item.logic }));
  }
  if ('schema' in file) {
    walk(file.schema, '/schema', out);
    walk(file.uiSchema, '/uiSchema', out);
  } else walk(file, '', out);
  return out;
}

/**
 * A field's own error messages (issue 56; engine/validation/own-messages.ts): per check, a text key
 * in the field's uiSchema (`ui:options.messages.<check>`, never in the JSON Schema) and its words per
 * locale in the draft's labels. The key is `configurator:messages.<stage>.<path>.<check>` (`ITEMS`
 * left out, as titles are named). Every edit keeps the model's rules: inputs are never changed, an
 * edit that changes nothing returns its input.
 */
import { fieldHasCheck, MESSAGE_CHECKS, type MessageCheck } from '../../../../engine';
import { setUiOption } from './edits';
import { isObject, own } from './json';
import { fileSlug, labelKey, setLabel, withoutLabels, NS } from './texts';
import { schemaAt, uiAt } from './tree';
import { EditError, ITEMS, type FieldPath, type JsonObject, type StageDraftValue } from './types';

export { MESSAGE_CHECKS, type MessageCheck };

/**
 * The key of a field's own message for a check.
 * @example messageKey('company-information', ['companyInformation', 'vatNumber'], 'pattern')
 *   // 'configurator:messages.company-information.companyInformation.vatNumber.pattern'
 */
export function messageKey(stage: string, path: FieldPath, check: MessageCheck): string {
  return `${NS}${['messages', stage, ...path.filter((s) => s !== ITEMS), check].join('.')}`;
}

/** The `ui:options.messages` of the node as written (only supported checks naming a string key). */
export function messagesOf(draft: Pick<StageDraftValue, 'file'>, path: FieldPath): Partial<Record<MessageCheck, string>> {
  const options = uiAt(draft.file, path)?.['ui:options'];
  const messages = isObject(options) ? own(options, 'messages') : undefined;
  const out: Partial<Record<MessageCheck, string>> = {};
  if (!isObject(messages)) return out;
  for (const check of MESSAGE_CHECKS) {
    const key = own(messages, check);
    if (typeof key === 'string') out[check] = key;
  }
  return out;
}

/**
 * The checks the field has, in MESSAGE_CHECKS order: what may have its own message (the linter
 * refuses a message for any other).
 * @example checksOf(draft, ['companyInformation', 'vatNumber']) // ['pattern', 'maxLength']
 */
export function checksOf(draft: Pick<StageDraftValue, 'file'>, path: FieldPath): MessageCheck[] {
  if (!path.length || path[path.length - 1] === ITEMS) return [];
  const schema = schemaAt(draft.file, path);
  if (!schema) return [];
  // The object holding the field says whether it is required (a list item's: the list's items).
  const parent = schemaAt(draft.file, path.slice(0, -1)) ?? undefined;
  return MESSAGE_CHECKS.filter((check) => fieldHasCheck(check, schema, parent, path[path.length - 1]));
}

/** The whole `messages` object the node should hold after an edit (undefined: none). */
function writeMessages(draft: StageDraftValue, path: FieldPath, messages: Partial<Record<MessageCheck, string>>): StageDraftValue {
  const ui = uiAt(draft.file, path);
  const options = ui && isObject(ui['ui:options']) ? ui['ui:options'] : undefined;
  const written = options ? own(options, 'messages') : undefined;
  // Anything else the file held there (unknown checks: the linter names them) is kept as written.
  const kept: JsonObject = isObject(written) ? Object.fromEntries(Object.entries(written).filter(([k]) => !(MESSAGE_CHECKS as readonly string[]).includes(k))) : {};
  const next: JsonObject = { ...kept };
  for (const check of MESSAGE_CHECKS) if (messages[check] !== undefined) next[check] = messages[check]!;
  return setUiOption(draft, path, 'messages', Object.keys(next).length ? next : undefined);
}

/**
 * Sets a locale's words of the field's own message for a check: the key goes into the uiSchema (the
 * one already named there, else `messageKey`), the words into `labels[locale]`. Empty words remove
 * that locale's words (the key stays: the others may have words; `clearMessage` removes it).
 * @example setMessage(draft, ['companyInformation', 'vatNumber'], 'pattern', 'fr-FR', 'GB suivi de 9 chiffres')
 */
export function setMessage(draft: StageDraftValue, path: FieldPath, check: MessageCheck, locale: string, text: string): StageDraftValue {
  if (!(MESSAGE_CHECKS as readonly string[]).includes(check) || !checksOf(draft, path).includes(check)) throw new EditError('notAnOption', { key: check });
  const messages = messagesOf(draft, path);
  const existing = labelKey(messages[check]);
  if (!existing && text === '') return draft;
  const key = existing ?? labelKey(messageKey(fileSlug(draft.file), path, check))!;
  const withKey = existing ? draft : writeMessages(draft, path, { ...messages, [check]: `${NS}${key}` });
  return setLabel(withKey, key, locale, text);
}

/**
 * Back to the portal's message for a check: the key leaves the uiSchema and its words every locale.
 * Works for a check the field no longer has too (a message left behind).
 */
export function clearMessage(draft: StageDraftValue, path: FieldPath, check: MessageCheck): StageDraftValue {
  const messages = messagesOf(draft, path);
  const key = messages[check];
  if (key === undefined) return draft;
  delete messages[check];
  const without = writeMessages(draft, path, messages);
  const bare = labelKey(key);
  return bare ? withoutLabels(without, bare) : without;
}

/**
 * An EditError in the editor's language (`stages.widgets.errors.<code>` with its params), and the
 * words of a kind a field can become. Params that name a kind (`kind`, `from`, `to`) are shown as
 * that kind's words, not its id.
 */
import type { TFunction } from 'i18next';
import { W } from './editorTypes';
import type { EditError } from './model/types';

/** A kind's words (`stages.widgets.kinds.<kind>`); one or several values picked from another stage have their own. */
export const kindWords = (t: TFunction, kind: string): string =>
  kind === 'optionsFromOne' || kind === 'optionsFromSeveral' ? t(`${W}.kindSwitch.targets.${kind}`) : t(`${W}.kinds.${kind}`, { defaultValue: kind });

const KIND_PARAMS = ['kind', 'from', 'to'];

/** The error's words for staff; its English message when the locale has no text for the code. */
export function editErrorText(t: TFunction, error: EditError): string {
  const params: Record<string, string | number> = { ...error.params };
  for (const key of KIND_PARAMS) if (typeof params[key] === 'string') params[key] = kindWords(t, params[key]);
  return t(`${W}.errors.${error.code}`, { ...params, defaultValue: error.message });
}

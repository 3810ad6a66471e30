/**
 * What a failing case's difference says, in the editor's words (configAdmin `stages.testCases.*`):
 * messages by their key and pointer (the case names keys, never the translated words).
 */
import type { DraftTestResult } from '../../../../contract/catalogue';

type Translate = (key: string, params?: Record<string, unknown>) => string;
type Difference = DraftTestResult['differences'][number];

/** "validation:rule.onePrimaryDomain at /domains, …", or the text for none. */
export function messageList(list: readonly { path: string; key: string }[] | undefined, t: Translate): string {
  if (!list?.length) return t('stages.testCases.noMessages');
  return list.map((m) => t('stages.testCases.messageAt', { key: m.key, path: m.path || '/' })).join(', ');
}

export function differenceText(d: Difference, t: Translate): string {
  switch (d.kind) {
    case 'valid':
      return t('stages.testCases.diff.valid', { got: messageList(d.got, t) });
    case 'messages':
      return t('stages.testCases.diff.messages', { expected: messageList(d.expected, t), got: messageList(d.got, t) });
    case 'after':
      return t('stages.testCases.diff.after', { stage: d.stage ?? '', paths: (d.paths ?? []).join(', ') || '/' });
    case 'doc':
      return t('stages.testCases.diff.doc', { stage: d.stage ?? '', got: messageList(d.got, t) });
    default:
      return t('stages.testCases.diff.error', { error: d.error ?? '' });
  }
}

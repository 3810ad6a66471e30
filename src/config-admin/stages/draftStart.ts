import type { EditableStage, StageDraft } from '../../../contract/catalogue';
import type { SavedDraft as PreviewSaved } from './StagePreview';
import type { StageDraftValue } from '../fields/model/types';

/** The stage file as the JSON mode shows it. */
export const show = (file: unknown) => JSON.stringify(file, null, 2);
export type Checked = Pick<StageDraft, 'problems' | 'missing_translations'>;
export const UNCHECKED: Checked = { problems: [], missing_translations: [] };

/** What the editor starts from: the draft when there is one, else the current version (with its texts). */
export function startOf(stage: EditableStage): { draft: StageDraftValue; revision: number | null; checked: Checked } {
  if (stage.draft) return { draft: { file: stage.draft.file, labels: stage.draft.labels ?? {} }, revision: stage.draft.revision, checked: stage.draft };
  return { draft: { file: stage.file, labels: stage.labels ?? {} }, revision: null, checked: UNCHECKED };
}

/** The draft as the server holds it, for the preview's field checks (its validators, when it has no problems). */
export const savedOf = (draft: Pick<StageDraft, 'file' | 'validator' | 'validator_key'> | null | undefined): PreviewSaved | null =>
  draft ? { file: draft.file, validator: draft.validator ?? null, key: draft.validator_key ?? null } : null;

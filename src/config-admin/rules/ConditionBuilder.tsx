import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnsupported, type Condition, type Group, type ParsedCondition } from './conditionModel';
import { describeCondition, unsupportedWords, type ConditionPurpose, type Translate } from './describeCondition';
import type { ConditionField } from './fields';
import type { BuilderEdits } from './builderEdits';
import { GroupEditor } from './GroupEditor';
import { addChild, removeNode, updateNode } from './treeEdits';

export interface ConditionBuilderProps {
  /** The condition (`fromJsonLogic` of the rule's logic): a tree, or why it cannot be drawn. */
  value: ParsedCondition;
  onChange(next: Group): void;
  /** The fields a condition may compare (this stage's and earlier stages'), with their words. */
  fields: readonly ConditionField[];
  /** The logic as written, shown read-only when it cannot be drawn. */
  logic?: unknown;
  /** What the words say the condition does: "Show when ...", "Required when ...", "Flag when ...". */
  purpose?: ConditionPurpose;
  /** The builder's accessible name (default "Condition"). */
  label?: string;
  disabled?: boolean;
}

const C = 'stages.conditions';

/** The group holding node `id`. */
function parentOf(root: Group, id: string): Group | null {
  for (const child of root.children) {
    if (child.id === id) return root;
    if (child.kind === 'group') {
      const found = parentOf(child, id);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Draws a condition (issue 56): groups of all / any / none of their conditions, each a field of
 * this or an earlier stage compared with a value, and the rule in words under it. Controlled: the
 * tree in, every edit out (`toJsonLogic` of it is the logic the engine runs). A rule it cannot draw
 * (our own list operations, a field compared with a field) is shown as written with the reason.
 */
export function ConditionBuilder({ value, onChange, fields, logic, purpose, label, disabled }: ConditionBuilderProps) {
  const { t } = useTranslation('configAdmin');
  const tr = t as unknown as Translate;
  const wordsId = useId();
  const [focusId, setFocusId] = useState<string | null>(null);
  const name = label ?? t(`${C}.builder`);
  if (isUnsupported(value)) {
    return (
      <Alert severity="info" data-testid="condition-unsupported" role="group" aria-label={name}>
        <AlertTitle>{t(`${C}.unsupported.title`)}</AlertTitle>
        <Typography variant="body2" data-testid="condition-unsupported-reason">
          {unsupportedWords(value.unsupported, tr)}
        </Typography>
        {logic !== undefined && (
          <Box component="pre" tabIndex={0} aria-label={t(`${C}.unsupported.asWritten`)} sx={{ m: 0, mt: 1, p: 1, overflowX: 'auto', fontSize: '0.8rem', bgcolor: 'background.paper', borderRadius: 1, maxWidth: '100%' }}>
            {JSON.stringify(logic, null, 2)}
          </Box>
        )}
      </Alert>
    );
  }
  const root = value;
  const edits: BuilderEdits = {
    fields,
    disabled,
    focusId,
    update: (id, edit: (node: Condition) => Condition) => onChange(updateNode(root, id, edit)),
    add: (groupId, child, focus) => {
      setFocusId(focus);
      onChange(addChild(root, groupId, child));
    },
    remove: (id) => {
      setFocusId(parentOf(root, id)?.id ?? root.id);
      onChange(removeNode(root, id));
    },
  };
  const fieldLabel = (path: string) => fields.find((f) => f.path === path)?.label ?? path;
  const words = describeCondition(root, tr, fieldLabel, { purpose, fieldOf: (path) => fields.find((f) => f.path === path) });
  return (
    <Box data-testid="condition-builder">
      <GroupEditor node={root} position="" depth={0} edits={edits} label={name} describedBy={wordsId} />
      <Box sx={{ mt: 1.5, p: 1, bgcolor: 'action.hover', borderRadius: 1 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {t(`${C}.inWords`)}
        </Typography>
        <Typography variant="body2" id={wordsId} aria-live="polite" data-testid="condition-words">
          {words}
        </Typography>
      </Box>
    </Box>
  );
}

import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { RulesList } from '../rules/RulesList';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraftStore } from './draftStore';
import { W, type Apply } from './editorTypes';
import { editErrorText } from './editErrorText';
import { removeNode } from './model/edits';
import { fieldTree, nodeAt } from './model/tree';
import { EditError, type FieldPath, type StageDraftValue } from './model/types';
import { Outline } from './Outline';
import type { OutlineContext } from './outlineContext';
import { allNodes, insideShapes, keyOf } from './outlinePaths';
import { PropertyPanel } from './panels/PropertyPanel';
import { RemoveDialog } from './RemoveDialog';
import { useTextOf } from './useTextOf';
import { useWideEditor } from './useWideEditor';

export { EDIT_LOCALES } from './editorTypes';

/** The stage's own fields' container: one array, so the memoized outline is not drawn again for a new `[]`. */
const STAGE_ROOT: FieldPath = [];

export interface StructuredEditorProps {
  draft: StageDraftValue;
  onChange(draft: StageDraftValue): void;
  disabled?: boolean;
}

/**
 * The Fields mode of the stage editor (issue 56): the stage as an outline of its fields and
 * layouts, to add, move (drag, keyboard, up / down) and remove, and a property panel per field for
 * everything its kind has (labels, help and messages per locale, checks, choices, sources, layouts,
 * conditions). Every edit is a pure function of `model/` on the same draft the JSON tab shows; an
 * edit that changes nothing gives the same object back, so opening panels never changes the draft.
 * Beside the outline when the editor is wide; under the picked row when narrow (beside the preview
 * or on a phone), so the preview stays in view and the row stays where it was.
 */
export function StructuredEditor({ draft, onChange, disabled }: StructuredEditorProps) {
  const { t } = useTranslation('configAdmin');
  const textOf = useTextOf(draft);
  const root = useRef<HTMLDivElement>(null);
  const wide = useWideEditor(root);
  const [problem, setProblem] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [removing, setRemoving] = useState<FieldPath | null>(null);
  const store = useDraftStore(draft);
  // Stable across edits (it reads the draft from the store when called), so the outline's memoized
  // rows are not re-rendered by a keystroke in a label.
  const apply: Apply = useCallback(
    (edit) => {
      try {
        const current = store.get();
        const next = edit(current);
        setProblem(null);
        if (next !== current) onChange(next);
        return true;
      } catch (error) {
        if (!(error instanceof EditError)) throw error;
        setProblem(editErrorText(t, error));
        return false;
      }
    },
    [store, onChange, t],
  );
  // A label typed changes `labels`, not `file`: the tree and its nodes stay the same objects.
  const tree = useMemo(() => fieldTree(draft.file), [draft.file]);
  const locked = useMemo(() => insideShapes(tree), [tree]);
  const select = useCallback((path: FieldPath | null) => setSelected(path ? keyOf(path) : null), []);
  const startAdding = useCallback((container: FieldPath | null) => setAdding(container ? keyOf(container) : null), []);
  const ctx: OutlineContext = useMemo(
    () => ({ store, apply, disabled, selected, select, wide, adding, setAdding: startAdding, locked, askRemove: setRemoving }),
    [store, apply, disabled, selected, select, wide, adding, startAdding, locked],
  );
  const isStage = typeof draft.file === 'object' && draft.file !== null && 'schema' in draft.file;
  if (!isStage) return <Alert severity="info">{t(`${W}.notAStage`)}</Alert>;
  const picked = selected ? allNodes(tree).find((n) => keyOf(n.path) === selected) ?? null : null;
  const toRemove = removing ? nodeAt(tree, removing) : null;
  const unknown = allNodes(tree).filter((n) => !n.editable).length;
  return (
    <Box ref={root} data-testid="structured-editor" data-wide={wide}>
      <Stack spacing={1.5}>
        {problem && (
          <Alert severity="error" onClose={() => setProblem(null)} data-testid="structured-problem">
            {problem}
          </Alert>
        )}
        {unknown > 0 && (
          <Alert severity="info" data-testid="structured-kept">
            {t(`${W}.kept`, { count: unknown })}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: wide ? 'minmax(0, 5fr) minmax(0, 6fr)' : 'minmax(0, 1fr)', gap: 2, alignItems: 'start' }}>
          <Paper variant="outlined" component="nav" aria-label={t(`${W}.outline`)} sx={{ p: { xs: 0.5, sm: 1 } }} data-testid="outline">
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, px: 0.5 }}>
              {t(`${W}.outline`)}
            </Typography>
            {tree.length === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ px: 0.5, py: 1 }}>
                {t(`${W}.empty`)}
              </Typography>
            )}
            <Outline nodes={tree} container={STAGE_ROOT} ctx={ctx} readOnly={false} depth={0} />
          </Paper>
          {wide && (
            <Paper variant="outlined" sx={{ p: 1.5, position: 'sticky', top: 72 }} data-testid="side-panel">
              {picked ? (
                <PropertyPanel key={selected} store={store} node={picked} apply={apply} disabled={disabled} readOnlyReason={locked.has(selected ?? '') ? 'insideShape' : undefined} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t(`${W}.pickOne`)}
                </Typography>
              )}
            </Paper>
          )}
        </Box>
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }}>
          <RulesList file={draft.file} words={(title) => textOf(title)} />
        </Paper>
      </Stack>
      {/* Mounted while asked only: a closed dialog still costs a render on every keystroke. */}
      {toRemove && (
        <RemoveDialog
          name={toRemove ? textOf(toRemove.title) || toRemove.name : null}
          fields={toRemove ? allNodes(toRemove.children).length : 0}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            const path = removing;
            setRemoving(null);
            if (!path) return;
            if (apply((d) => removeNode(d, path)) && selected?.startsWith(keyOf(path).slice(0, -1))) setSelected(null);
          }}
        />
      )}
    </Box>
  );
}

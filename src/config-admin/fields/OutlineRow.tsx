import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Box, ButtonBase, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { memo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { W } from './editorTypes';
import { moveNode } from './model/edits';
import type { FieldNode, FieldPath } from './model/types';
import type { OutlineContext } from './outlineContext';
import { childContainer, keyOf, sharesInside } from './outlinePaths';
import { pathId } from './panels/panelProps';
import { PropertyPanel } from './panels/PropertyPanel';
import { useDraftValue } from './draftStore';
import { textOfDraft } from './useTextOf';

/**
 * One node of the outline: a drag handle (mouse, touch, or the keyboard: Space, arrows, Space; and
 * Alt+Up / Alt+Down moves at once), its title in the editor's language over its property name, a
 * chip of its kind (and layout), a required mark, a badge per condition, up / down and remove
 * (confirmed). Selecting it opens its panel (under it on a narrow editor). A group's or list's
 * fields follow, indented, with their own "Add a field".
 */
/** The fields of a group or list, drawn by the outline itself (passed in: the two components nest each other). */
export type NestedOutline = (props: { nodes: FieldNode[]; container: FieldPath; readOnly: boolean; depth: number; owner: string }) => ReactNode;

export const OutlineRow = memo(function OutlineRow({ node, index, count, ctx, readOnly, depth, nested }: { node: FieldNode; index: number; count: number; ctx: OutlineContext; readOnly: boolean; depth: number; nested: NestedOutline }) {
  const { t, i18n } = useTranslation('configAdmin');
  const key = keyOf(node.path);
  const fixed = readOnly || !node.editable;
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: key, disabled: fixed || ctx.disabled, attributes: { roleDescription: t(`${W}.drag.role`) } });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 1 : undefined };
  // Memoized, and reading only its own title from the draft: a key typed into one label re-renders one row.
  const title = useDraftValue(ctx.store, (d) => textOfDraft(d, i18n, node.title)) || node.name;
  const selected = ctx.selected === key;
  const id = pathId(node.path);
  const move = (to: number) => ctx.apply((d) => moveNode(d, node.path, to));
  const onHandleKey = (e: KeyboardEvent<HTMLElement>) => {
    // Alt+arrows move at once (no drag to start and drop); everything else is dnd-kit's keyboard drag.
    if (e.altKey && !isDragging && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const to = index + (e.key === 'ArrowUp' ? -1 : 1);
      if (to >= 0 && to < count) move(to);
      return;
    }
    (listeners?.onKeyDown as ((ev: KeyboardEvent<HTMLElement>) => void) | undefined)?.(e);
  };
  const container = childContainer(node);
  const childrenLocked = readOnly || sharesInside(node) || !node.editable;
  const layoutChip = (node.kind === 'group' || node.kind === 'list') && node.layout && node.layout !== 'plain' && node.layout !== 'cards';
  return (
    <Box component="li" ref={setNodeRef} style={style} data-testid="outline-row" data-path={id} data-name={node.name} data-kind={node.kind} sx={{ borderTop: 1, borderColor: 'divider' }}>
      {/* Wraps on a narrow outline (a phone, a nested list): the chips and buttons go under the title rather than squeezing it to a few letters a line. */}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.25, py: 0.25, bgcolor: selected ? 'action.selected' : isDragging ? 'action.hover' : undefined, borderRadius: 1 }}>
        {fixed ? (
          <Tooltip title={t(`${W}.readOnly.short`)}>
            <LockOutlinedIcon fontSize="small" color="disabled" sx={{ mx: 0.75 }} aria-label={t(`${W}.readOnly.short`)} aria-hidden={false} role="img" />
          </Tooltip>
        ) : (
          <IconButton size="small" aria-label={t(`${W}.drag.handle`, { name: title })} {...attributes} {...listeners} onKeyDown={onHandleKey} sx={{ cursor: 'grab', touchAction: 'none' }} data-testid="outline-drag">
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        )}
        <ButtonBase onClick={() => ctx.select(selected ? null : node.path)} aria-expanded={selected} sx={{ flex: '1 1 150px', minWidth: 0, justifyContent: 'flex-start', textAlign: 'left', px: 0.5, py: 0.25, borderRadius: 1 }} data-testid="outline-select">
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="outline-title">
              {title}
              {node.required && (
                <Box component="span" sx={{ color: 'error.main', ml: 0.5 }} aria-label={t(`${W}.requiredMark`)} role="img">
                  *
                </Box>
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {/* The property name the data is stored under, said as such (a bare name reads like a missing text). */}
              {t(`${W}.storedAs`, { name: node.name })}
            </Typography>
          </Box>
        </ButtonBase>
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', justifyContent: 'flex-end', ml: 'auto' }}>
          <Chip size="small" variant="outlined" label={node.shape ? t(`${W}.shapeChip`, { shape: node.shape }) : t(`${W}.kinds.${node.kind}`)} data-testid="outline-kind" />
          {layoutChip && <Chip size="small" variant="outlined" color="primary" label={t(node.kind === 'group' ? `${W}.groupLayouts.${node.layout}` : `${W}.listLayouts.${node.layout}`)} />}
          {node.conditions.visible && <Chip size="small" variant="outlined" label={t(`${W}.badges.visible`)} data-testid="badge-visible" />}
          {node.conditions.required && <Chip size="small" variant="outlined" label={t(`${W}.badges.required`)} data-testid="badge-required" />}
        </Stack>
        {!fixed && (
          <Stack direction="row" sx={{ ml: 'auto' }}>
            <IconButton size="small" aria-label={t(`${W}.up`, { name: title })} disabled={ctx.disabled || index === 0} onClick={() => move(index - 1)} data-testid="outline-up">
              <KeyboardArrowUpIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t(`${W}.down`, { name: title })} disabled={ctx.disabled || index === count - 1} onClick={() => move(index + 1)} data-testid="outline-down">
              <KeyboardArrowDownIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" aria-label={t(`${W}.remove`, { name: title })} disabled={ctx.disabled} onClick={() => ctx.askRemove(node.path)} data-testid="outline-remove">
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        )}
      </Stack>
      {selected && !ctx.wide && (
        <Box sx={{ p: 1.5, mb: 1, border: 1, borderColor: 'primary.light', borderRadius: 1 }}>
          <PropertyPanel store={ctx.store} node={node} apply={ctx.apply} disabled={ctx.disabled} readOnlyReason={readOnly ? 'insideShape' : undefined} />
        </Box>
      )}
      {container && (node.children.length > 0 || !childrenLocked) && (
        <Box sx={{ pl: { xs: 1, sm: 2 }, ml: 1.5, borderLeft: 2, borderColor: layoutChip ? 'primary.light' : 'divider', mb: 0.5 }}>
          {nested({ nodes: node.children, container, readOnly: childrenLocked, depth: depth + 1, owner: title })}
        </Box>
      )}
    </Box>
  );
});

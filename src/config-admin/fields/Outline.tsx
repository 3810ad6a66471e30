import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AddNodeForm } from './AddNodeForm';
import { useWholeDraft } from './draftStore';
import { W } from './editorTypes';
import { moveNode } from './model/edits';
import type { FieldNode, FieldPath } from './model/types';
import type { OutlineContext } from './outlineContext';
import { keyOf } from './outlinePaths';
import { OutlineRow, type NestedOutline } from './OutlineRow';
import { pathId } from './panels/panelProps';

/**
 * The fields of one group or list item, in form order: a sortable list of its own (a drag never
 * leaves its siblings: moving a field to another object would change the data's shape) with
 * spoken announcements, then "Add a field" to this container.
 */
export const Outline = memo(function Outline({ nodes, container, ctx, readOnly, depth, owner }: { nodes: FieldNode[]; container: FieldPath; ctx: OutlineContext; readOnly: boolean; depth: number; owner?: string }) {
  const { t } = useTranslation('configAdmin');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = useMemo(() => nodes.map((n) => keyOf(n.path)), [nodes]);
  const find = (id: UniqueIdentifier) => nodes.find((n) => keyOf(n.path) === String(id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const node = find(active.id);
    const target = over ? find(over.id) : undefined;
    if (!node || !target || node === target) return;
    ctx.apply((d) => moveNode(d, node.path, nodes.indexOf(target)));
  };
  const accessibility = useMemo(() => {
    const said = (id: UniqueIdentifier) => ({ name: find(id)?.name ?? '', position: ids.indexOf(String(id)) + 1, count: ids.length });
    const announcements: Announcements = {
      onDragStart: ({ active }) => t(`${W}.drag.start`, said(active.id)),
      onDragOver: ({ active, over }) => (over ? t(`${W}.drag.over`, { ...said(active.id), position: said(over.id).position }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t(`${W}.drag.end`, { ...said(active.id), position: said(over.id).position }) : undefined),
      onDragCancel: ({ active }) => t(`${W}.drag.cancel`, said(active.id)),
    };
    return { announcements, screenReaderInstructions: { draggable: t(`${W}.drag.instructions`) } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids, t]);
  const addKey = keyOf(container);
  // The open "Add a field" checks names against the draft: only that container follows each edit.
  const draft = useWholeDraft(ctx.store, !readOnly && ctx.adding === addKey);
  const nested: NestedOutline = useCallback((inner) => <Outline {...inner} ctx={ctx} />, [ctx]);
  return (
    <Box>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="outline-list" data-container={pathId(container)}>
            {nodes.map((node, i) => (
              <OutlineRow key={keyOf(node.path)} node={node} index={i} count={nodes.length} ctx={ctx} readOnly={readOnly || ctx.locked.has(keyOf(node.path))} depth={depth} nested={nested} />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      {!readOnly &&
        (ctx.adding === addKey && draft ? (
          <Box sx={{ pt: 1 }}>
            <AddNodeForm
              draft={draft}
              container={container}
              apply={ctx.apply}
              disabled={ctx.disabled}
              onAdded={(name) => {
                ctx.setAdding(null);
                ctx.select([...container, name]);
              }}
              onCancel={() => ctx.setAdding(null)}
            />
          </Box>
        ) : (
          <Button size="small" startIcon={<AddIcon />} onClick={() => ctx.setAdding(container)} disabled={ctx.disabled} data-testid={`add-open-${pathId(container)}`} sx={{ mt: 0.5 }}>
            {owner ? t(`${W}.add.openIn`, { name: owner }) : t(`${W}.add.open`)}
          </Button>
        ))}
    </Box>
  );
});

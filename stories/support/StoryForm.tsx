import { useId, useMemo, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { StageForm, type MediaInputProps, type RemoteSearch } from '../../engine/react';
// Storybook only: compiles the story's own schema (the app renders precompiled catalogue stages).
import { engineForSchema } from '../../engine/react/devEngine';
import type { Doc } from './dealerGroup';

export interface StoryFormProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  data?: Record<string, unknown>;
  /** Other stages' data the widget may read (optionsFrom). */
  doc?: Doc;
  searchers?: Record<string, RemoteSearch>;
  /** The media input a `media` widget shows (the app's picker and upload). */
  mediaInput?: ComponentType<MediaInputProps>;
  /** The viewer is staff: may lock and unlock table rows (a dealer sees locked rows read only). */
  canLockRows?: boolean;
}

/**
 * A one-off stage around a widget or field: the real StageForm, the real rules and the real ajv
 * on a small schema; shows the data as it changes so designers see what is stored.
 */
export function StoryForm({ schema, uiSchema, data = {}, doc = {}, searchers, mediaInput, canLockRows }: StoryFormProps) {
  const engine = useMemo(() => engineForSchema(schema), [schema]);
  const initial = useMemo(() => ({ ...doc, story: data }), [doc, data]);
  const [current, setCurrent] = useState<unknown>(data);
  const storedId = useId();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <StageForm slug="story" stage={{ schema, uiSchema }} doc={initial} engine={engine} searchers={searchers} mediaInput={mediaInput} canLockRows={canLockRows} onChange={(d) => setCurrent(d.story)} />
      <Typography variant="overline" component="p" id={storedId} sx={{ mt: 3 }}>
        Stored data
      </Typography>
      {/* It scrolls once the data is long: focusable, so keyboard users can scroll it too. */}
      <Box component="pre" data-testid="stored-data" tabIndex={0} role="region" aria-labelledby={storedId} sx={{ fontSize: 12, bgcolor: 'grey.100', p: 1, overflow: 'auto', maxHeight: 240 }}>
        {JSON.stringify(current, null, 2)}
      </Box>
    </Box>
  );
}

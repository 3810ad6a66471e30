import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { setUiOption } from '../model/edits';
import { MEDIA_PURPOSES } from '../palette';
import { SelectOption } from './controls';
import { partsOf, pathId, stringOf, type PanelProps } from './panelProps';

/** A file of the media library: what it is for (a logo asks for the logo's file types and size). */
export function MediaPanel({ file, node, apply, disabled }: PanelProps) {
  const { t } = useTranslation('configAdmin');
  const { options } = partsOf(file, node);
  return (
    <Stack spacing={1.5} data-testid="panel-media">
      <SelectOption
        label={t(`${W}.media.purpose`)}
        value={stringOf(options.purpose)}
        values={MEDIA_PURPOSES}
        wordsOf={(p) => t(`${W}.media.purposes.${p || 'any'}`, { defaultValue: p })}
        onChange={(p) => apply((d) => setUiOption(d, node.path, 'purpose', p || undefined))}
        disabled={disabled}
        testId={`media-purpose-${pathId(node.path)}`}
      />
    </Stack>
  );
}

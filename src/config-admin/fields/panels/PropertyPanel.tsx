import { Alert, Divider, Stack, Typography } from '@mui/material';
import { memo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { W } from '../editorTypes';
import { useDraftValue } from '../draftStore';
import type { WidgetKind } from '../model/types';
import { ChoicePanel } from './ChoicePanel';
import { CommonPanel } from './CommonPanel';
import { DisplayTextPanel } from './DisplayTextPanel';
import { GroupPanel } from './GroupPanel';
import { KindSwitch } from './KindSwitch';
import { ListPanel } from './ListPanel';
import { MediaPanel } from './MediaPanel';
import { NumberPanel } from './NumberPanel';
import { OptionsFromPanel } from './OptionsFromPanel';
import { pathId, type PanelProps } from './panelProps';
import { PlainPanel } from './PlainPanel';
import { RemoteSelectPanel } from './RemoteSelectPanel';
import { SecretPanel } from './SecretPanel';
import { TextListPanel } from './TextListPanel';
import { TextPanel } from './TextPanel';

/** Each kind's own panel (what only that kind has); `shape` and `unknown` have none. */
export const KIND_PANELS: Partial<Record<WidgetKind, ComponentType<PanelProps>>> = {
  text: TextPanel,
  textarea: TextPanel,
  markdown: TextPanel,
  number: NumberPanel,
  slider: NumberPanel,
  yesno: PlainPanel,
  date: PlainPanel,
  openingHours: PlainPanel,
  configSummary: PlainPanel,
  hidden: PlainPanel,
  choice: ChoicePanel,
  multiChoice: ChoicePanel,
  optionsFrom: OptionsFromPanel,
  remoteSelect: RemoteSelectPanel,
  media: MediaPanel,
  displayText: DisplayTextPanel,
  secret: SecretPanel,
  group: GroupPanel,
  list: ListPanel,
  textList: TextListPanel,
};

/**
 * A node's properties: its kind's own panel, then what every field has (CommonPanel). What the
 * editor keeps untouched (`unknown`, or read-only inside a shared shape) says so and why instead.
 * Memoized and reading the file from the store: a key typed into a label changes the labels, not
 * the file, and draws again only the parts that show that label (LocaleTexts, the messages' name).
 */
export const PropertyPanel = memo(function PropertyPanel({ readOnlyReason, ...given }: Omit<PanelProps, 'file'> & { readOnlyReason?: string }) {
  const file = useDraftValue(given.store, (d) => d.file);
  const props: PanelProps = { ...given, file };
  const { node } = props;
  const { t } = useTranslation('configAdmin');
  const Kind = KIND_PANELS[node.kind];
  const reason = !node.editable ? node.reason ?? 'unknown' : readOnlyReason;
  return (
    <Stack spacing={2} component="section" aria-label={t(`${W}.panelOf`, { name: node.name })} data-testid={`panel-${pathId(node.path)}`} data-panel-kind={node.kind}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`${W}.panelOf`, { name: node.name })} · {t(`${W}.kinds.${node.kind}`)}
      </Typography>
      {reason ? (
        <Alert severity="info" data-testid="panel-readonly">
          {t(`${W}.readOnly.${reason}`, { defaultValue: t(`${W}.readOnly.other`) })} {t(`${W}.readOnly.inJson`)}
        </Alert>
      ) : (
        <>
          {Kind && <Kind {...props} />}
          {Kind && <Divider />}
          <CommonPanel {...props} />
          <KindSwitch key={`${pathId(node.path)}:${node.kind}`} {...props} />
        </>
      )}
    </Stack>
  );
});

import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { genericMessage } from '../../../../engine';
import { W } from '../editorTypes';
import { LocaleTexts } from '../LocaleTexts';
import { checksOf, clearMessage, messagesOf, setMessage, type MessageCheck } from '../model/messages';
import { labelKey } from '../model/texts';
import { useDraftValue } from '../draftStore';
import { textOfDraft } from '../useTextOf';
import { SwitchOption } from './controls';
import { partsOf, pathId, type PanelProps } from './panelProps';

const M = `${W}.messages`;

/**
 * "Messages": per check the field has (required, its pattern / format / postcode, its lengths, least
 * and most, how many items), "Use the portal's message" (the generic words shown in the editor's
 * language) or words of its own per locale (model/messages.ts; the missing-translation chips come
 * with LocaleTexts). A message left behind by a removed check is listed with a Remove button: the
 * linter refuses it. Nothing is drawn for a field without checks.
 */
export function MessagesPanel({ store, file, node, apply, disabled }: PanelProps) {
  const { t, i18n } = useTranslation(['configAdmin', 'validation']);
  // The field's name as the portal's messages say it: drawn again when it changes, not on other keys.
  const attribute = useDraftValue(store, (d) => textOfDraft(d, i18n, node.title)) || node.name;
  // Checks staff switched to own words before typing any (nothing is written until they type).
  const [opened, setOpened] = useState<ReadonlySet<MessageCheck>>(new Set());
  const checks = checksOf({ file }, node.path);
  const own = messagesOf({ file }, node.path);
  const orphans = (Object.keys(own) as MessageCheck[]).filter((c) => !checks.includes(c));
  if (!checks.length && !orphans.length) return null;
  const { schema } = partsOf(file, node);
  const id = pathId(node.path);
  const portalWords = (check: MessageCheck) => {
    const { key, params } = genericMessage(check, schema);
    return t(key, { ...params, attribute });
  };
  const toggle = (check: MessageCheck, usePortal: boolean) => {
    if (usePortal) {
      setOpened((s) => new Set([...s].filter((c) => c !== check)));
      apply((d) => clearMessage(d, node.path, check));
    } else setOpened((s) => new Set(s).add(check));
  };
  return (
    <Stack spacing={1.5} data-testid={`messages-${id}`}>
      <Typography variant="subtitle2" component="h4">
        {t(`${M}.title`)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {t(`${M}.intro`)}
      </Typography>
      {checks.map((check) => {
        const key = own[check];
        const portal = key === undefined && !opened.has(check);
        return (
          <Box key={check} data-testid={`message-${id}-${check}`} data-own={portal ? 'false' : 'true'} sx={{ display: 'grid', gap: 0.5 }}>
            <Typography variant="body2" component="h5" sx={{ fontWeight: 500 }}>
              {t(`${M}.check.${check}`)}
            </Typography>
            <SwitchOption label={t(`${M}.usePortal`)} checked={portal} onChange={(on) => toggle(check, on)} disabled={disabled} testId={`message-portal-${id}-${check}`} />
            {portal ? (
              <Typography variant="body2" color="text.secondary">
                {t(`${M}.portalSays`, { text: portalWords(check) })}
              </Typography>
            ) : (
              <LocaleTexts
                store={store}
                textKey={key && labelKey(key) ? key : null}
                label={t(`${M}.message`)}
                onChange={(locale, text) => apply((d) => setMessage(d, node.path, check, locale, text))}
                disabled={disabled}
                multiline
                idPrefix={`message-${id}-${check}`}
              />
            )}
          </Box>
        );
      })}
      {orphans.map((check) => (
        <Box key={check} data-testid={`message-orphan-${id}-${check}`} sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2" color="warning.main">
            {t(`${M}.check.${check}`)}: {t(`${M}.orphan`)}
          </Typography>
          <Box>
            <Button size="small" onClick={() => apply((d) => clearMessage(d, node.path, check))} disabled={disabled}>
              {t(`${M}.removeOrphan`)}
            </Button>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

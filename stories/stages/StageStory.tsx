import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { StageForm } from '../../engine/react';
import { getStage, stageDefaults } from '../../engine';
import { useTranslation } from 'react-i18next';
import type { Doc } from '../support/dealerGroup';

export interface StageStoryProps {
  /** A stage of the catalogue (schemas/stages). */
  slug: string;
  /** The configuration the stage sees (its own data and the stages it refers to). */
  doc: Doc;
}

/** A stage file rendered as the dealer sees it: title, then the StageForm over the real engine. */
export function StageStory({ slug, doc }: StageStoryProps) {
  const { t } = useTranslation('configurator');
  const stage = getStage(slug);
  const full = useMemo(() => (doc[slug] ? doc : { ...doc, [slug]: stageDefaults(slug) }), [doc, slug]);
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="overline">{t(stage.section, { defaultValue: stage.section })}</Typography>
      <Typography variant="h5" sx={{ mb: 2 }}>
        {t(stage.title, { defaultValue: stage.title })}
      </Typography>
      <StageForm slug={slug} doc={full} />
    </Box>
  );
}

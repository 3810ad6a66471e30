import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStageContext, useStageSelector, type StageController } from '../../../engine/react';
import { localiseServerText } from '../../i18n/serverText';
import { flattenErrorSchema } from './serverErrors';
import { WarningsList } from './WarningsList';

// What the editor puts inside StageForm (below its fields): they read the form's own context.
// StageEditor keeps them as one memoised element (issue 10): see its `formExtras`.

/** Hands the form's controller to the editor (the controller lives inside StageForm). */
export function ControllerBridge({ target }: { target: { current: StageController | null } }) {
  const controller = useStageContext();
  useEffect(() => {
    target.current = controller;
    return () => {
      target.current = null;
    };
  }, [controller, target]);
  return null;
}

/** The engine's warnings for the data in the form (live) and the server's of the last save. */
export function StageWarnings({ slug, server }: { slug: string; server: Array<{ field?: string; detail: string }> }) {
  const controller = useStageContext();
  const local = useStageSelector(controller, (s) => s.warnings);
  // Rows are named by their names in the form's data (the labeller of the overview).
  const doc = useStageSelector(controller, (s) => s.doc);
  const { t } = useTranslation();
  const all = useMemo(() => {
    const seen = new Set<string>();
    return [...flattenErrorSchema(local), ...server.map((w) => ({ field: w.field, detail: localiseServerText(w.detail, t) }))].filter((w) => {
      const key = `${w.field ?? ''}|${w.detail}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, [local, server, t]);
  return <WarningsList slug={slug} warnings={all} doc={doc} />;
}

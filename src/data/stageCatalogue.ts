import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CatalogueStage, StageCatalogue } from '../../contract/configs';
import { http } from '../http';
import { CACHED_15_MIN, answered } from './queryPolicies';
import { sharedKeys } from './queryKeys';
import { addStageVersionTexts } from '../i18n/stageVersionTexts';

/** A stage of the catalogue (`GET /configs/stages`), without per-config state, and the whole answer: the contract's (contract/configs.ts). */
export type { CatalogueStage, StageCatalogue };

/**
 * The stages the viewer may see and the design and project types, for the configurator's Add stage
 * and the product form alike (one read serves both). Kept 15 minutes for the screens that only name
 * stages. `fresh`: a screen that offers stages to add reads it again each time it opens (showing the
 * kept answer meanwhile), as staff publish stages born in the editor at any time, in any browser
 * (server/catalogue/README.md, "Born stages"). Not growled and not retried: without the right to
 * read it a screen offers less.
 */
export function useStageCatalogue({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: sharedKeys.stageCatalogue(),
    queryFn: async ({ signal }) => {
      const answer = answered(await http.get<StageCatalogue>('/configs/stages', { cache: false, notify: false, signal }));
      // A stage born in the editor brings its texts (its title): the app has no file of it.
      for (const s of answer.stages) if (s.labels) addStageVersionTexts(s.labels);
      return answer;
    },
    ...CACHED_15_MIN,
    ...(fresh ? { staleTime: 0 } : {}),
    retry: false,
  });
}

/**
 * Names stages by slug in the reader's language, for screens that only name them (the dashboard's
 * activity and review lists). A slug the kept catalogue does not know (a stage born in the editor
 * since it was read, on any instance) reads the catalogue again, once per set of unknown slugs; until
 * it comes, or when no such stage exists, the slug itself is shown.
 * @example const titleOf = useStageTitles(rows.map((r) => r.stage)); titleOf('finance') // 'Finance'
 */
export function useStageTitles(slugs: ReadonlyArray<string | null>): (slug: string | null) => string {
  const { t } = useTranslation('configurator');
  const client = useQueryClient();
  const { data, isFetching } = useStageCatalogue();
  const missing = data ? [...new Set(slugs.filter((s): s is string => !!s && !data.stages.some((stage) => stage.slug === s)))].sort().join(',') : '';
  const asked = useRef(new Set<string>());
  useEffect(() => {
    if (!missing || isFetching || asked.current.has(missing)) return;
    asked.current.add(missing);
    // Marked stale and read again where the query may run (a story's client, which never fetches, is left alone).
    void client.invalidateQueries({ queryKey: sharedKeys.stageCatalogue() });
  }, [missing, isFetching, client]);
  return (slug) => {
    if (!slug) return '';
    const stage = data?.stages.find((s) => s.slug === slug);
    return stage ? t(stage.title) : slug;
  };
}

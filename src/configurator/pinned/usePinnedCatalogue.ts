/**
 * The stage versions a config is pinned to, as the engine runs them in this page (issue 31,
 * server/catalogue/README.md "Pinned configs"). A shipped stage on version 1 is the file the app was
 * built with; a later version staff published is read from GET /stage-versions/{slug}/{version} (its
 * file and texts) and its validators are imported from the module the server compiled
 * (`/api/stage-validators/<hash>.js`: same origin, so the strict CSP allows it, and the same code
 * the server judges with). Each version is read once: a published version never changes.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { baseCatalogue, catalogueWith, stageDefinitionFromFile, type Catalogue, type StageDefinition } from '../../../engine';
import { loadValidatorModule } from '../../data/validatorModules';
import type { PinnedVersion } from '../../../contract/catalogue';
import { http } from '../../http';
import { answered } from '../../data/queryPolicies';
import { configKeys } from '../queryKeys';
import { addStageVersionTexts } from '../../i18n/stageVersionTexts';

/** What the page needs of a config: its stages and the version each is on. */
export interface PinnedStages {
  stages: ReadonlyArray<{ slug: string; version?: number }>;
}

/** One published version, ready: its definition, its validators registered, its texts added. */
async function loadPinnedVersion(slug: string, version: number, signal: AbortSignal): Promise<StageDefinition> {
  const answer = answered(await http.get<PinnedVersion>(`/stage-versions/${encodeURIComponent(slug)}/${version}`, { notify: false, signal }));
  await loadValidatorModule(answer.validator);
  addStageVersionTexts(answer.labels);
  return stageDefinitionFromFile(answer.file, { version, key: answer.key });
}

/**
 * The config's catalogue (undefined: every stage on version 1, or the config not read yet), and
 * whether it is ready; `failed` when a version or its validators could not be read.
 * @example const pinned = usePinnedCatalogue(config); if (pinned.ready) <StageEditor catalogue={pinned.catalogue} ... />
 */
export function usePinnedCatalogue(config: PinnedStages | null | undefined): { catalogue?: Catalogue; ready: boolean; failed: boolean } {
  // A stage born in the editor has no file in the app: every version of it is read, its first too.
  const wanted = (config?.stages ?? []).filter((s) => (s.version ?? 1) > 1 || !baseCatalogue.bySlug.has(s.slug)).map((s) => ({ slug: s.slug, version: s.version ?? 1 }));
  const results = useQueries({
    queries: wanted.map(({ slug, version }) => ({
      queryKey: configKeys.stageVersion(slug, version),
      queryFn: ({ signal }: { signal: AbortSignal }) => loadPinnedVersion(slug, version, signal),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: 1,
    })),
  });
  const definitions = results.map((r) => r.data);
  const ready = !!config && definitions.every(Boolean);
  const key = ready ? wanted.map((w) => `${w.slug}@${w.version}`).join(',') : '';
  const catalogue = useMemo(
    () => (ready && key ? catalogueWith(definitions as StageDefinition[]) : undefined),
    // The definitions are made once per version: the key names them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [ready, key],
  );
  return { catalogue, ready, failed: results.some((r) => r.isError) };
}

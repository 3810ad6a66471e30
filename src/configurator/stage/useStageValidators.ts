import { useEffect, useState } from 'react';
import { hasStage, loadStageValidators, stageValidatorsLoaded, stageValidatorsNeeded, withCatalogue, type Catalogue } from '../../../engine';

/**
 * Loads the precompiled validators the stage's page validates with (its own stage's, or every
 * stage's for a summary such as the confirmation: the engine's `stageValidatorsNeeded`), each a chunk
 * of its own, while the config is read. `ready` once they are here; `failed` when a chunk could not
 * be loaded (the page says so instead of a form that cannot validate). An unknown slug is ready at
 * once: the editor says the stage does not exist. `catalogue`: the config's pinned stage versions.
 */
export function useStageValidators(slug: string, catalogue?: Catalogue): { ready: boolean; failed: boolean } {
  const needed = withCatalogue(catalogue, () => (hasStage(slug) ? stageValidatorsNeeded(slug) : []));
  // Read from the engine on every render; the state below only makes the page render again. A
  // pinned version's validators are registered by usePinnedCatalogue: only the shipped ones load here.
  const ready = withCatalogue(catalogue, () => needed.every(stageValidatorsLoaded));
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const [, setLoads] = useState(0);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadStageValidators(needed).then(
      () => live && setLoads((n) => n + 1),
      () => live && setFailedFor(slug),
    );
    return () => {
      live = false;
    };
    // `needed` follows slug and catalogue.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, ready, catalogue]);
  return { ready, failed: !ready && failedFor === slug };
}

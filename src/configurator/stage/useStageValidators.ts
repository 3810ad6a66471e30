import { useEffect, useState } from 'react';
import { hasStage, loadStageValidators, stageValidatorsLoaded, stageValidatorsNeeded } from '../../../engine';

/**
 * Loads the precompiled validators the stage's page validates with (its own stage's, or every
 * stage's for a summary such as the confirmation: the engine's `stageValidatorsNeeded`), each a chunk
 * of its own, while the config is read. `ready` once they are here; `failed` when a chunk could not
 * be loaded (the page says so instead of a form that cannot validate). An unknown slug is ready at
 * once: the editor says the stage does not exist.
 */
export function useStageValidators(slug: string): { ready: boolean; failed: boolean } {
  const needed = hasStage(slug) ? stageValidatorsNeeded(slug) : [];
  const loaded = needed.every(stageValidatorsLoaded);
  const [state, setState] = useState<{ slug: string; ready: boolean; failed: boolean }>({ slug, ready: loaded, failed: false });
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadStageValidators(stageValidatorsNeeded(slug)).then(
      () => live && setState({ slug, ready: true, failed: false }),
      () => live && setState({ slug, ready: false, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [slug, loaded]);
  return { ready: loaded || (state.slug === slug && state.ready), failed: state.slug === slug && state.failed };
}

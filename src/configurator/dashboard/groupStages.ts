/** What grouping needs of a stage (a config's stage or a catalogue stage). */
export interface GroupableStage {
  slug: string;
  group: string;
  order: number;
  audience: string;
}

/**
 * Stages in `order`, grouped by `group` (groups in the order of their first stage), as the stage
 * files define them. Internal stages are left out unless asked for.
 * @example groupStages(config.stages) // [{ group: 'configurator:sections.company', stages: [...] }, ...]
 */
export function groupStages<S extends GroupableStage>(stages: S[], { internal = false } = {}): Array<{ group: string; stages: S[] }> {
  const groups = new Map<string, S[]>();
  for (const stage of [...stages].sort((a, b) => a.order - b.order)) {
    if (stage.audience === 'internal' && !internal) continue;
    const list = groups.get(stage.group) ?? [];
    list.push(stage);
    groups.set(stage.group, list);
  }
  return [...groups].map(([group, list]) => ({ group, stages: list }));
}

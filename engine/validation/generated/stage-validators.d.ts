// Types of the generated precompiled validators (see ../build-validators.ts).
import type { ErrorObject } from 'ajv';

export interface PrecompiledValidator {
  (data: unknown, cxt?: { instancePath?: string; parentData?: unknown; parentDataProperty?: string | number; rootData?: unknown }): boolean;
  errors?: ErrorObject[] | null;
}

/** By slug: loads that stage's module (stage-<slug>.js), whose validators are by id: `stage:<slug>`, `section:<slug>/<prop>`, `item:<slug>/<prop>`. */
export declare const stageValidatorModules: Record<string, () => Promise<{ validators: Record<string, PrecompiledValidator> }>>;

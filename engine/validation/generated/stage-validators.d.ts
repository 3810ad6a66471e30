// Types of the generated precompiled validators (see ../build-validators.ts).
import type { ErrorObject } from 'ajv';

export interface PrecompiledValidator {
  (data: unknown, cxt?: { instancePath?: string; parentData?: unknown; parentDataProperty?: string | number; rootData?: unknown }): boolean;
  errors?: ErrorObject[] | null;
}

/** By id: `stage:<slug>`, `section:<slug>/<prop>`, `item:<slug>/<prop>`. */
export declare const validators: Record<string, PrecompiledValidator>;

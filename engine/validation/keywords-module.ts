/**
 * Module specifier the generated validators use to import keywords.ts (generate.ts writes it; a
 * published version's validators are given it by instantiate.ts). Apart so the browser's
 * instantiate.ts needs nothing of extend-ajv.ts, which needs ajv's compiler.
 */
export const KEYWORDS_MODULE = '../keywords';

/**
 * `extendAjv`: our formats and keywords (engine/validation/keywords.ts) added to an ajv instance
 * that compiles: createAjv's (Node), rjsf's dev validator, and the generator of the precompiled
 * validators. Apart from keywords.ts because it needs ajv's compiler, and the code the browser
 * runs (the precompiled validators, which import keywords.ts) must not.
 */
import type Ajv from 'ajv';
import { _, getProperty } from 'ajv/dist/compile/codegen';
import {
  expandRequiredIf,
  formats,
  gtZeroKeyword,
  keywordFunctions,
  noDuplicateKeyword,
  noTestValueKeyword,
  postcodeKeyword,
  requiredIfKeyword,
} from './keywords';

import { KEYWORDS_MODULE } from './keywords-module';

export { KEYWORDS_MODULE };

/**
 * Adds our formats and keywords to an ajv 8 instance (idempotent).
 * @example customizeValidator({ extenderFn: extendAjv }) // rjsf form validator with our rules
 */
export function extendAjv<A extends Ajv>(ajv: A): A {
  if (ajv.getKeyword('noDuplicate')) return ajv;
  for (const [name, re] of Object.entries(formats)) ajv.addFormat(name, re);
  if (ajv.opts.code.source) {
    // Standalone code must import what it calls: name our functions and formats by module export.
    // ajv finds scope values by reference, so the keyword compiler reuses these named entries.
    for (const [name, fn] of Object.entries(keywordFunctions)) {
      ajv.scope.value('keyword', { ref: fn, code: _`require(${KEYWORDS_MODULE})${getProperty(name)}` });
    }
    ajv.opts.code.formats = _`require(${KEYWORDS_MODULE}).allFormats`;
  }
  ajv.addKeyword({ keyword: 'postcode', type: 'string', errors: false, validate: postcodeKeyword });
  ajv.addKeyword({ keyword: 'noTestValue', type: 'string', schemaType: 'boolean', errors: false, validate: noTestValueKeyword });
  ajv.addKeyword({ keyword: 'gtZero', type: ['number', 'string'], schemaType: 'boolean', errors: false, validate: gtZeroKeyword });
  ajv.addKeyword({ keyword: 'noDuplicate', type: 'array', errors: true, validate: noDuplicateKeyword });
  // requiredIf expands (macro) to plain JSON Schema for simple conditions on a sibling ("var": x,
  // "!!": x, "!": x), which ajv compiles to tight code; other JSON-logic runs in requiredIfLogic.
  ajv.addKeyword({ keyword: 'requiredIf', type: 'object', schemaType: 'object', macro: expandRequiredIf });
  // Annotation only: the value is a secret (encrypted at rest, never sent to a browser; see
  // engine/stages/secrets.ts). Validation is the property's own.
  ajv.addKeyword({ keyword: 'secret', schemaType: 'boolean' });
  // Annotation only: which fields show (engine/stages/visibility.ts); validateStage drops hidden ones first.
  ajv.addKeyword({ keyword: 'visibleIf', type: 'object', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'requiredIfLogic', type: 'object', schemaType: 'object', errors: true, validate: requiredIfKeyword });
  return ajv;
}

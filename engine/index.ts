/**
 * The engine's public API. Import from here only; see engine/README.md for the contract.
 */
export type { Audience, CheckDefinition, ConfigDocument, FieldError, RuleDefinition, StageDefinition, StageState } from './types';
export { STAGE_STATES } from './types';

export {
  stageCatalogue,
  getStage,
  hasStage,
  stageDefaults,
  UnknownStageError,
  baseCatalogue,
  activeCatalogue,
  catalogueWith,
  withCatalogue,
  stageDefinitionFromFile,
  type Catalogue,
  type DefinitionIdentity,
} from './stages/catalogue';
export { stageFiles } from './stages/files';
export { DEFAULT_SOURCES, withContextDefaults, withContextSchema, type DefaultsContext } from './stages/context-defaults';
export { REFERENCE_KINDS, stageReferenceFields, type ReferenceField, type ReferenceKind } from './stages/references-fields';
export { COMPANY_REGIONS, COUNTRY_CHOICES, DEFAULT_REGION, EUROPE_COUNTRIES, PARTNER_REGIONS, regionCountry } from './regions';
export { lintStageFile } from './stages/lint';
export { fieldHasCheck } from './stages/lint-messages';
export { publishProblems, PUBLISH_LIMITS, type PublishOptions } from './stages/publish-checks';
export { SECRET_SET, SECRET_CHANGED, stageSecretPaths, maskSecrets, maskPatchValue, mapAtPath, type SecretPath } from './stages/secrets';
export { stageListIdPaths, assignListIds, type ListPath } from './stages/list-ids';
export { lockedRowProblems, isRowLocked, ROW_LOCK, type LockedRowProblem } from './stages/row-locks';
export { hiddenFields, hiddenPaths, withoutHidden, isUnderHidden, type CompanyFacts } from './stages/visibility';
export { runTestCases, type StageTestCase, type TestMessage, type TestProblem, type TestResult } from './stages/test-cases';

export { customOperations } from './rules/operations';
export { applyRules, updateStage, RuleCycleError, MAX_RULE_PASSES, catalogueRules } from './rules/apply';
export type { RulesResult, ApplyRulesOptions } from './rules/apply';

export { createAjv, type CreateAjvOptions } from './validation/ajv';
export { isTestValue } from './validation/keywords';
export { extendAjv } from './validation/extend-ajv';
export { stageValidatorModule } from './validation/generate';
export { instantiateValidators, type ValidatorModule } from './validation/instantiate';
export {
  validateStage,
  stageShapeErrors,
  stageValidator,
  sectionValidator,
  precompiledValidator,
  loadStageValidators,
  stageValidatorsLoaded,
  stageValidatorsNeeded,
  registerStageValidators,
  forgetStageValidators,
  type StageValidation,
  type ValidateStageOptions,
} from './validation/validate-stage';
export type { PrecompiledValidator } from './validation/generated/stage-validators.js';
export { ajvErrorsToFieldErrors, fieldError, fieldLabel, genericMessage } from './validation/messages';
export { MESSAGE_CHECKS, MESSAGES_PREFIX, ownMessageKey, type MessageCheck } from './validation/own-messages';
export {
  MAX_INPUT_DEPTH,
  MAX_INPUT_ITEMS,
  MAX_INPUT_STRING_LENGTH,
  INPUT_LIMITS,
  findInputProblem,
  inputProblemError,
  guardInput,
  InvalidInputError,
  storable,
  type InputLimits,
  type InputProblem,
} from './validation/input-guard';
export { deepEqual, toPointer, UNSAFE_KEYS, UnsafeKeyError } from './json';
export { addConfiguratorTexts, engineT, hasConfiguratorText, loadEngineLocales, type Translate } from './validation/i18n';
export { LOCALES, DEFAULT_LOCALE, localeForTag, toLocale, type Locale } from './locales';
export { normalisePostcode, isValidPostcode } from './validation/postcode';

export { referenceOptions, referenceLabel, generateId, type ReferenceSource } from './references';

export { EDIT_CONFIGS, MANAGE_CONFIGS } from './lifecycle/permissions';
export {
  stageTransitions,
  transitionStage,
  IllegalTransitionError,
  ForbiddenTransitionError,
  type Transition,
  type StageAction,
} from './lifecycle/transitions';
export { configProgress, isStageOpen, isStageDataComplete, configStages, type ConfigSnapshot, type ConfigProgress } from './lifecycle/progress';
export { configSummary, type StageSummary, type StageSummaryStatus, type ConfigSummaryOptions } from './lifecycle/summary';
export { writeStage, type WriteStageInput, type WriteStageResult, type WriteStageSuccess, type WriteStageFailure } from './lifecycle/write-stage';
export { applyStagePatches, diffStage, StagePatchError, STAGE_PATCH_LIMITS } from './rules/stage-patch';
export type { StagePatch } from './rules/stage-patch';

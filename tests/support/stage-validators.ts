// What the server loads as it starts, loaded before a unit or story test runs: every stage's
// precompiled validators (the app loads them per page: engine/README.md "Load before validating";
// validating a stage not loaded is an error) and the engine's texts in every locale (until then a
// French message would come out in UK English).
import { loadEngineLocales, loadStageValidators } from '../../engine';

await Promise.all([loadStageValidators(), loadEngineLocales()]);

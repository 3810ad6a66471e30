// Every stage's precompiled validators, loaded before a unit or story test validates (the server
// and the app load them on demand: engine/README.md "Load before validating"). Without this a test
// would validate with validators ajv compiled on the spot, not the code the browser runs.
import { loadStageValidators } from '../../engine';

await loadStageValidators();

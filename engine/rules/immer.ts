/**
 * The engine's own immer instance: patches on, auto-freeze on (the renderer relies on frozen,
 * identity-stable documents), without touching the global immer settings the app may use.
 */
import { Immer, enablePatches } from 'immer';

enablePatches();

export const immer = new Immer({ autoFreeze: true });

import { useQuery } from '@tanstack/react-query';
import { CACHED_15_MIN, FRESH, answered } from '../data/queryPolicies';
import * as api from './api';
import { trackerKeys } from './queryKeys';

/**
 * The tracker's reads. A project and its parts are FRESH (read at every visit: other managers move
 * tasks too); the task stages and types are the administrators' catalogue, kept 15 minutes.
 */
export function useProject(id: number) {
  return useQuery({ queryKey: trackerKeys.project(id), queryFn: async ({ signal }) => answered(await api.getProject(id, signal)), ...FRESH, gcTime: 60_000 });
}

export function useProjectTasks(id: number) {
  return useQuery({ queryKey: trackerKeys.tasks(id), queryFn: async ({ signal }) => answered(await api.getTasks(id, signal)), ...FRESH, gcTime: 60_000 });
}

export function useTaskStages() {
  return useQuery({ queryKey: trackerKeys.stages(), queryFn: async ({ signal }) => answered(await api.getStages(signal)), ...CACHED_15_MIN, retry: false });
}

export function useTaskTypes() {
  return useQuery({ queryKey: trackerKeys.types(), queryFn: async ({ signal }) => answered(await api.getTaskTypes(signal)), ...CACHED_15_MIN, retry: false });
}

export function useProjectGroups(id: number) {
  return useQuery({ queryKey: trackerKeys.groups(id), queryFn: async ({ signal }) => answered(await api.getGroups(id, signal)), ...FRESH, gcTime: 60_000 });
}

export function useProjectVariations(id: number, enabled = true) {
  return useQuery({ queryKey: trackerKeys.variations(id), queryFn: async ({ signal }) => answered(await api.getProjectVariations(id, signal)), enabled, ...FRESH });
}

export function useAwaitingVariations() {
  return useQuery({ queryKey: trackerKeys.awaiting(), queryFn: async ({ signal }) => answered(await api.getAwaitingVariations(signal)), ...FRESH });
}

export function useStakeholders(id: number) {
  return useQuery({ queryKey: trackerKeys.stakeholders(id), queryFn: async ({ signal }) => answered(await api.getStakeholders(id, signal)), ...FRESH });
}

export function useNotes(id: number) {
  return useQuery({ queryKey: trackerKeys.notes(id), queryFn: async ({ signal }) => answered(await api.getNotes(id, signal)), ...FRESH });
}

export function useRisks(id: number) {
  return useQuery({ queryKey: trackerKeys.risks(id), queryFn: async ({ signal }) => answered(await api.getRisks(id, signal)), ...FRESH });
}

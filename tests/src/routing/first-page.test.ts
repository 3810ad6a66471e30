// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import companies from '../../../src/companies';
import taskStages from '../../../src/tasks/stages';
import tasks from '../../../src/tasks/templates';
import { pageNamespacesAt, PAGES, preloadPageAt } from '../../../src/routing/pages';

type Preloadable = { preload(): Promise<unknown> };
const spyOn = (page: unknown) => vi.spyOn(page as Preloadable, 'preload').mockResolvedValue(undefined);

afterEach(() => vi.restoreAllMocks());

/**
 * The page a first visit opens on starts loading with the app's own code (main.tsx), on the spec's
 * named routes and on react-admin's own paths of the same screens (a bookmark of
 * `/companies/{id}`): a page that is not started there comes a round of requests later.
 */
describe('the first page of a visit', () => {
  it("starts the company profile on the spec's path and on react-admin's", async () => {
    const profile = spyOn(companies.edit);
    await preloadPageAt('#/companies/profile/7');
    await preloadPageAt('#/companies/7');
    expect(profile).toHaveBeenCalledTimes(2);
  });

  it("starts a resource's list and create screens on react-admin's paths", async () => {
    const list = spyOn(companies.list);
    const create = spyOn(companies.create);
    await preloadPageAt('#/companies');
    await preloadPageAt('#/companies/create');
    expect(list).toHaveBeenCalledTimes(1);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('takes the longest resource name: /tasks/stages is the stages list, not a task called "stages"', async () => {
    const stagesList = spyOn(taskStages.list);
    const taskList = spyOn(tasks.list);
    await preloadPageAt('#/tasks/stages');
    expect(stagesList).toHaveBeenCalledTimes(1);
    expect(taskList).not.toHaveBeenCalled();
  });

  it('starts nothing for an address that is no screen', async () => {
    const profile = spyOn(companies.edit);
    await expect(preloadPageAt('#/companies/7/something/else')).resolves.toBeUndefined();
    await preloadPageAt('#/no-such-page');
    expect(profile).not.toHaveBeenCalled();
  });

  it("gives a named route's texts to load with the app's", () => {
    expect(pageNamespacesAt('#/projects/reports?from=2026-01-01')).toEqual((PAGES['Projects Reports'] as unknown as { namespaces: string[] }).namespaces);
    expect(pageNamespacesAt('#/projects/reports')).toContain('reports');
  });
});

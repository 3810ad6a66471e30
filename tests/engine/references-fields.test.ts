// Fields naming records outside the config are declared in the stage files (`refersTo`), never
// named in engine or server code: the engine lists them per stage, lint refuses a kind it does not know.
import { describe, expect, it } from 'vitest';
import { lintStageFile, REFERENCE_KINDS, stageCatalogue, stageReferenceFields } from '../../engine';
import designBrief from '../../schemas/stages/design-brief.json';

describe('stageReferenceFields', () => {
  it('lists the refersTo fields of the stage files, and only those stages have any', () => {
    expect(stageReferenceFields('design')).toEqual([{ path: ['branding', 'logo'], kind: 'logo' }]);
    expect(stageReferenceFields('key-contact')).toEqual([{ path: ['keyContactUser'], kind: 'companyUser' }]);
    expect(stageReferenceFields('design-brief')).toEqual([{ path: ['designBrief', 'showcase'], kind: 'showcase' }]);
    const withAny = stageCatalogue.filter((s) => stageReferenceFields(s.slug).length).map((s) => s.slug).sort();
    expect(withAny).toEqual(['design', 'design-brief', 'key-contact']);
    expect(REFERENCE_KINDS).toEqual(['logo', 'companyUser', 'showcase']);
  });

  it('lintStageFile refuses a refersTo kind the server cannot check', () => {
    const file = structuredClone(designBrief) as typeof designBrief & { schema: { properties: { designBrief: { properties: { showcase: { refersTo: string } } } } } };
    file.schema.properties.designBrief.properties.showcase.refersTo = 'vehicle';
    expect(lintStageFile(file, 'design-brief.json').join('\n')).toContain('design-brief.json: /schema/properties/designBrief/properties/showcase/refersTo must be one of ["logo","companyUser","showcase"]');
  });
});

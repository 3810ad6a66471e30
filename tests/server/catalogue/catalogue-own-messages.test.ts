// A field's own error messages (issue 56, engine/validation/own-messages.ts) on a real server and
// database: staff publish company information with a VAT number pattern and its own message in
// en-GB and fr-FR; a dealer's bad VAT number is refused with that message in the language the
// request asks for (Accept-Language, as the app sends it), en-GB's words for a locale without its
// own. The draft lists the message's missing translations like any text, and a message the linter
// refuses keeps the draft from being published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Published, StageDraft } from '../../../contract/catalogue';
import { stageFiles } from '../../../engine';
import { call } from '../helpers';
import { companyInformation, configPath, newConfig, type ConfigBody } from '../configs-helpers';
import { adminWorld, type AdminWorld, type ErrorBody } from '../adminconfigs/adminconfigs-helpers';

let w: AdminWorld;
beforeAll(async () => {
  w = await adminWorld();
}, 120_000);
afterAll(async () => {
  await w?.close();
});

type Obj = Record<string, unknown>;
type StageFile = Obj & { schema: { properties: Record<string, { properties: Record<string, Obj> }> }; uiSchema: Record<string, Obj> };
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const KEY = 'messages.company-information.companyInformation.vatNumber.pattern';
const EN = 'Enter the VAT number as GB followed by 9 digits';
const FR = 'Saisissez le numéro de TVA : GB suivi de 9 chiffres';
const PATH = '/api/stage-catalogue/company-information';

/** Company information whose VAT number must be GB and 9 digits, with its own message (`messages` as given). */
function vatFile(messages: Obj = { pattern: `configurator:${KEY}` }): StageFile {
  const file = clone(stageFiles['company-information']) as StageFile;
  const info = file.schema.properties.companyInformation;
  info.properties.vatNumber = { ...info.properties.vatNumber, pattern: '^GB[0-9]{9}$' };
  file.uiSchema.companyInformation.vatNumber = { 'ui:options': { messages } };
  return file;
}

async function saveDraft(file: StageFile): Promise<StageDraft> {
  const stage = await w.as<{ draft: { revision: number } | null }>('admin', 'GET', PATH);
  const saved = await w.as<StageDraft>('admin', 'PUT', `${PATH}/draft`, {
    file,
    labels: { 'en-GB': { [KEY]: EN }, 'fr-FR': { [KEY]: FR } },
    revision: stage.body.draft?.revision ?? 0,
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.body;
}

describe("a field's own messages in the server's answers", () => {
  let config: ConfigBody;

  beforeAll(async () => {
    const draft = await saveDraft(vatFile());
    expect(draft.problems).toEqual([]);
    const published = await w.as<Published>('admin', 'POST', `${PATH}/publish`, { note: 'VAT numbers as GB and 9 digits', revision: draft.revision });
    expect(published.status, published.text).toBe(201);
    // A new config starts on the newest version.
    config = await newConfig(w.server, await w.token('admin'), w.motors.company.guid, 'Own VAT message');
  });

  const putVat = async (vatNumber: string, language?: string) =>
    call<ErrorBody>(w.server, 'PUT', configPath(config), {
      token: await w.token('dealer'),
      headers: language ? { 'accept-language': language } : {},
      body: { slug: 'company-information', state: 'draft', version: config.version, data: { companyInformation: { ...companyInformation.companyInformation, vatNumber } } },
    });
  const vatErrors = (r: { body: ErrorBody }) => r.body.errors?.filter((e) => e.field === '/companyInformation/vatNumber').map((e) => e.detail);

  it('answers a bad VAT number with the own message in French for a French reader and in English for an English one', async () => {
    const fr = await putVat('FR123', 'fr-FR,fr;q=0.9');
    expect(fr.status, fr.text).toBe(422);
    expect(vatErrors(fr)).toEqual([FR]);
    const en = await putVat('FR123', 'en-GB');
    expect(en.status, en.text).toBe(422);
    expect(vatErrors(en)).toEqual([EN]);
    // No language asked for: UK English, as every answer before.
    expect(vatErrors(await putVat('FR123'))).toEqual([EN]);
  });

  it("gives en-GB's words to a locale staff did not translate", async () => {
    const nl = await putVat('FR123', 'nl-NL');
    expect(nl.status, nl.text).toBe(422);
    expect(vatErrors(nl)).toEqual([EN]);
  });

  it('stores a VAT number that fits', async () => {
    const ok = await putVat('GB123456789', 'fr-FR');
    expect(ok.status, ok.text).toBe(200);
  });
});

describe('own messages in the draft', () => {
  it("lists a message's missing translations like a label's", async () => {
    const draft = await saveDraft(vatFile());
    const missing = draft.missing_translations.filter((m) => m.key === KEY).map((m) => m.locale).sort();
    expect(missing).toEqual(['en-AU', 'en-ZA', 'fr-BE', 'nl-BE', 'nl-NL']);
  });

  it('refuses to publish a message for a check the field does not have, naming it', async () => {
    const draft = await saveDraft(vatFile({ pattern: `configurator:${KEY}`, minimum: 'configurator:messages.company-information.companyInformation.vatNumber.minimum' }));
    expect(draft.problems).toContainEqual({
      detail: expect.stringContaining('/uiSchema/companyInformation/vatNumber/ui:options/messages/minimum: the field has no minimum check'),
      field: '/uiSchema/companyInformation/vatNumber/ui:options/messages/minimum',
    });
    const r = await w.as<ErrorBody>('admin', 'POST', `${PATH}/publish`, { note: 'A message for nothing', revision: draft.revision });
    expect(r.status, r.text).toBe(422);
    expect(JSON.stringify(r.body.errors)).toContain('the field has no minimum check');
  });
});

// @vitest-environment jsdom
// The New stage dialog (issue 56): the slug follows the English title until typed, the English
// title and a valid slug are asked for before anything is sent, "More languages" shows the other
// locales, the body sent is the stage's, and the server's refusal is shown by its field.
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from '../../../../src/http';
import { NewStageDialog } from '../../../../src/config-admin/stages/NewStageDialog';
import { renderInLocale } from '../../../engine/react/renderInLocale';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let post: ReturnType<typeof vi.fn>;
beforeEach(() => {
  post = vi.spyOn(http, 'post').mockResolvedValue({ slug: 'finance-options', message: 'New stage created: add its fields, then publish it.' } as never) as unknown as ReturnType<typeof vi.fn>;
});

const show = () => {
  const created = vi.fn();
  const closed = vi.fn();
  renderInLocale(
    <ThemeProvider theme={createTheme()}>
      <NewStageDialog onClose={closed} onCreated={created} />
    </ThemeProvider>,
  );
  return { created, closed };
};
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, text: string) => fireEvent.change(input(id), { target: { value: text } });
const create = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('new-stage-create'));
  });
};

describe('NewStageDialog', () => {
  it('suggests the slug from the English title, sends the stage and opens it', async () => {
    const { created } = show();
    type('new-stage-title-en-GB', 'Finance options');
    expect(input('new-stage-slug').value).toBe('finance-options');
    type('new-stage-title-fr-FR', 'Options de financement');
    expect(screen.queryByTestId('new-stage-title-nl-NL')).toBeNull();
    fireEvent.click(screen.getByTestId('new-stage-more-languages'));
    type('new-stage-title-nl-NL', 'Financieringsopties');
    fireEvent.click(screen.getByTestId('new-stage-required'));
    await create();
    expect(post).toHaveBeenCalledTimes(1);
    const [url, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/stage-catalogue');
    expect(body).toMatchObject({
      slug: 'finance-options',
      audience: 'dealer',
      required: true,
      title: { 'en-GB': 'Finance options', 'fr-FR': 'Options de financement', 'nl-NL': 'Financieringsopties' },
    });
    expect(typeof body.section).toBe('string');
    expect(Number.isInteger(body.order)).toBe(true);
    expect(created).toHaveBeenCalledWith('finance-options', 'New stage created: add its fields, then publish it.');
  });

  it('asks for an English title and a valid slug before sending; a typed slug stays', async () => {
    show();
    await create();
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText('Please give the stage an English title.')).toBeTruthy();
    type('new-stage-title-en-GB', 'Leasing');
    await create();
    // A shipped stage's slug is refused here first.
    expect(post).not.toHaveBeenCalled();
    expect(screen.getByText('The portal already has a stage with this name: choose another.')).toBeTruthy();
    type('new-stage-slug', 'Leasing Plus');
    expect(screen.getByText('Use lower-case letters, digits and single dashes, starting with a letter.')).toBeTruthy();
    type('new-stage-slug', 'leasing-plus');
    type('new-stage-title-en-GB', 'Leasing, plus');
    expect(input('new-stage-slug').value).toBe('leasing-plus');
    await create();
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal by its field", async () => {
    post.mockRejectedValueOnce(new HttpError(409, { message: 'A stage named "finance-options" already exists: choose another name, or open that stage.', errors: [{ detail: 'A stage named "finance-options" already exists: choose another name, or open that stage.', field: 'slug' }] }, (key: string) => key));
    const { created } = show();
    type('new-stage-title-en-GB', 'Finance options');
    await create();
    expect(created).not.toHaveBeenCalled();
    expect(screen.getByTestId('new-stage-refused').textContent).toContain('already exists');
    expect(screen.getAllByText(/already exists: choose another name/).length).toBeGreaterThanOrEqual(2);
  });
});

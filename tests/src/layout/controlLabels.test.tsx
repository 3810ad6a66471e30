// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Checkbox from '@mui/material/Checkbox';
import Radio from '@mui/material/Radio';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../../src/theme';

// The portal's theme, as the app builds it (react-admin passes its options to createTheme).
const portal = createTheme(theme as Parameters<typeof createTheme>[0]);
const inTheme = (node: ReactNode) => render(<ThemeProvider theme={portal}>{node}</ThemeProvider>);

afterEach(cleanup);

describe('controls labelled with aria-label (theme defaults, layout/controlLabels.ts)', () => {
  const cases: [string, ReactNode, 'checkbox' | 'radio' | 'switch'][] = [
    ['Checkbox', <Checkbox aria-label="Select this row" />, 'checkbox'],
    ['Radio', <Radio aria-label="Monday open" value="on" />, 'radio'],
    ['Switch', <Switch aria-label="Show as logo" />, 'switch'],
  ];
  for (const [name, node, role] of cases) {
    it(`a ${name} given an aria-label is named by it on its input, and no span carries it`, () => {
      const { container } = inTheme(node);
      const label = container.innerHTML.match(/aria-label="([^"]+)"/)?.[1];
      const input = screen.getByRole(role, { name: label });
      expect(input.tagName).toBe('INPUT');
      // One element holds the name: the input (a role-less span with aria-label fails axe).
      expect(container.querySelectorAll('[aria-label]')).toHaveLength(1);
    });
  }

  it('an input named on purpose keeps its own name', () => {
    inTheme(<Switch aria-label="outer" slotProps={{ input: { 'aria-label': 'inner' } }} />);
    expect(screen.getByRole('switch', { name: 'inner' })).toBeTruthy();
  });

  it('a control without an aria-label is left as MUI renders it', () => {
    const { container } = inTheme(<><Checkbox /><Radio /><Switch /></>);
    expect(container.querySelectorAll('[aria-label]')).toHaveLength(0);
    expect(container.querySelectorAll('input')).toHaveLength(3);
  });
});

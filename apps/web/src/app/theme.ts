import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palette with shades 8 and 9 darkened where they fall short of WCAG AA: shade 8 is the
 * fill of buttons, badges and icons (white text on it at least 4.5:1), shade 9 the text of light
 * and subtle variants and of coloured text (at least 4.5:1 on their pale tints and on gray.0).
 * Mantine's own shade 6, its default, gives 3.6:1 for white on blue (axe, #43).
 */
const AA_SHADES: Record<string, [string, string]> = {
  red: ['#dc3030', '#c92a2a'],
  cyan: ['#0c8093', '#0b7285'],
  teal: ['#08835e', '#087756'],
  green: ['#278539', '#267937'],
  lime: ['#4e800b', '#4a760a'],
  yellow: ['#a86200', '#a15300'],
  orange: ['#c84d0a', '#bb3e0d'],
};

const colors = Object.fromEntries(
  Object.entries(AA_SHADES).map(([name, [eight, nine]]) => {
    const base = DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray;
    return [name, [...base.slice(0, 8), eight, nine] as unknown as MantineColorsTuple];
  }),
);

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors,
  fontFamily: 'Inter, "Segoe UI", Roboto, Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  // Mantine's close buttons (✕) have no accessible name of their own (axe button-name).
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
  },
});

/**
 * The light scheme's secondary text (`c="dimmed"`) and coloured texts at AA contrast: Mantine's
 * gray.6 dimmed text is 3.3:1 on white; #5c636a is 6.1:1 on white and 4.7:1 on gray.2, still lighter
 * than the body text. Light, subtle and transparent variants write in shade 9 (Mantine: the primary
 * shade), which their pale backgrounds need.
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...Object.fromEntries(
      Object.keys(resolved.colors).flatMap((name) => [
        [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-9)`],
        [`--mantine-color-${name}-text`, `var(--mantine-color-${name}-9)`],
      ]),
    ),
  },
  dark: {},
});

import { type CSSVariablesResolver, colorsTuple, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Palettes adjusted for WCAG 2.1 AA (BITV 2.0), contrast ≥ 4.5:1 for normal text:
 * - gray 6 is the light scheme's "dimmed" text: #646b73 gives 5.3:1 on white, 4.85:1 on gray 1 (Mantine's #868e96: 3.3:1);
 * - dark 2 is the dark scheme's "dimmed" text: #a3a3a3 gives 6.1:1 on dark 7 and 5.4:1 on dark 6 (Mantine's #828282: 4.0:1);
 * - the primary shade is 8 in both schemes: white on blue 8 is 5.0:1 (blue 6: 3.55:1), and links (blue 8 in light,
 *   blue 4 in dark) reach 5.0:1 and 6.3:1.
 * The same shade 8 is every colour's filled variant (white text) and shade 9 the light variant's text on shade 1; for the
 * bright colours both are darkened until they reach 4.7:1 (green 8 was 3.45:1, green 9 on green 1 3.8:1, …).
 */
const tuple = (base: MantineColorsTuple, shades: Record<number, string>) => colorsTuple(base.map((c, i) => shades[i] ?? c));
const C = DEFAULT_THEME.colors;

export const DIMMED_LIGHT = '#646b73';
export const DIMMED_DARK = '#a3a3a3';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors: {
    gray: tuple(C.gray, { 6: DIMMED_LIGHT }),
    dark: tuple(C.dark, { 2: DIMMED_DARK }),
    red: tuple(C.red, { 8: '#d93030', 9: '#c32929' }),
    cyan: tuple(C.cyan, { 8: '#0b7e91' }),
    teal: tuple(C.teal, { 8: '#08835e', 9: '#087756' }),
    green: tuple(C.green, { 8: '#278338', 9: '#267937' }),
    lime: tuple(C.lime, { 8: '#4e800b', 9: '#4b780b' }),
    yellow: tuple(C.yellow, { 8: '#a86200', 9: '#a65600' }),
    orange: tuple(C.orange, { 8: '#c54c0a', 9: '#b83d0d' }),
  },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Tooltip: { defaultProps: { openDelay: 800, withArrow: true } },
    Card: { defaultProps: { withBorder: true, radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
  },
});

/**
 * Error text (field errors, "required" marks): red 9 on light backgrounds (5.5:1 on white, Mantine's red 6: 3.3:1) and
 * red 4 on dark ones (5.9:1 on dark 6, Mantine's red 8: 3.0:1). Passed to MantineProvider next to the theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)', ...lightHover(Object.keys(t.colors)) },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});

/**
 * The light variant under the mouse (a light button being clicked): Mantine's shade 2 leaves its shade-9 text at 3.9–4.5:1
 * (blue 4.0:1, axe). A fifth of shade 2 over shade 1 still shows the hover and keeps every colour at ≥ 4.57:1.
 */
function lightHover(colors: string[]): Record<string, string> {
  return Object.fromEntries(
    colors
      .filter((c) => c !== 'dark')
      .map((c) => [`--mantine-color-${c}-light-hover`, `color-mix(in srgb, var(--mantine-color-${c}-2) 20%, var(--mantine-color-${c}-1))`]),
  );
}

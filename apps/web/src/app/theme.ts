import { colorsTuple, createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Palettes adjusted for WCAG 2.1 AA (BITV 2.0), contrast ≥ 4.5:1 for normal text:
 * - gray 6 is the light scheme's "dimmed" text: #646b73 gives 5.3:1 on white, 4.85:1 on gray 1 (Mantine's #868e96: 3.3:1);
 * - dark 2 is the dark scheme's "dimmed" text: #a3a3a3 gives 6.1:1 on dark 7 and 5.4:1 on dark 6 (Mantine's #828282: 4.0:1);
 * - the primary shade is 8 in both schemes: white on blue 8 is 5.0:1 (blue 6: 3.55:1), and links (blue 8 in light,
 *   blue 4 in dark) reach 5.0:1 and 6.3:1.
 * The same shades apply to every colour's filled variant (red, green, orange buttons and badges).
 */
const tuple = (base: MantineColorsTuple, index: number, value: string) => colorsTuple(base.map((c, i) => (i === index ? value : c)));

export const DIMMED_LIGHT = '#646b73';
export const DIMMED_DARK = '#a3a3a3';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  colors: {
    gray: tuple(DEFAULT_THEME.colors.gray, 6, DIMMED_LIGHT),
    dark: tuple(DEFAULT_THEME.colors.dark, 2, DIMMED_DARK),
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

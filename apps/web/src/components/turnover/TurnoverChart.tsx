import 'uplot/dist/uPlot.min.css';
import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { formatCompact } from '@/lib/format';

export interface TurnoverSeries {
  label: string;
  /** A Mantine colour with shade, e.g. `blue.6` (read from the theme's CSS variables, so dark mode follows). */
  color: string;
  values: number[];
}

export interface TurnoverChartProps {
  kind: 'bar' | 'line';
  /** One label per value on the x axis (months, quarters). */
  labels: string[];
  /** The legend's name of the x value under the cursor (month, quarter). */
  xLabel: string;
  series: TurnoverSeries[];
  h: number;
  valueFormatter: (v: number) => string;
  /** Labels of series shown switched off (a click on a legend entry switches it; the product-group chart keeps them, STAT-009). */
  hidden?: readonly string[];
  /** Called when a legend click switches a series on or off. */
  onSeriesToggle?: (label: string, shown: boolean) => void;
  'data-testid'?: string;
}

const cssVar = (el: Element, name: string, fallback: string) => getComputedStyle(el).getPropertyValue(name).trim() || fallback;

/**
 * The turnover charts of the address dashboard, drawn by uPlot (~20 KB gzip, canvas) instead of recharts (~130 KB gzip
 * with @mantine/charts, whose parse and run blocked a phone's main thread for up to 1.7 s while the record loaded).
 * Bars for months and quarters, straight segments for the year comparison; the legend below shows the values under the
 * cursor (the tooltip), formatted as currency; the y axis in compact figures. Width follows the card.
 */
export function TurnoverChart({ kind, labels, xLabel, series, h, valueFormatter, hidden, onSeriesToggle, 'data-testid': testId }: TurnoverChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  const format = useRef(valueFormatter);
  format.current = valueFormatter;
  const toggle = useRef(onSeriesToggle);
  toggle.current = onSeriesToggle;
  // the chart is built again only when what it shows changes (the parent passes new arrays on every render)
  const key = JSON.stringify([kind, labels, series, h, scheme, xLabel, hidden ?? []]);

  useEffect(() => {
    const el = ref.current;
    const [kind, labels, series, h, , xLabel, hidden] = JSON.parse(key) as [
      TurnoverChartProps['kind'],
      string[],
      TurnoverSeries[],
      number,
      string,
      string,
      string[],
    ];
    if (!el) return;
    const text = cssVar(el, '--mantine-color-dimmed', '#868e96');
    const grid = cssVar(el, '--mantine-color-default-border', '#dee2e6');
    const font = `12px ${cssVar(el, '--mantine-font-family', 'sans-serif')}`;
    const color = (c: string) => cssVar(el, `--mantine-color-${c.replace('.', '-')}`, '#228be6');
    const bars = uPlot.paths.bars?.({ size: [series.length > 1 ? 0.8 : 0.6, 48], gap: 2 });
    const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { show: false } };
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 100),
      height: h,
      legend: { show: true, live: true },
      cursor: { drag: { x: false, y: false }, points: { show: kind === 'line' } },
      scales: {
        x: { time: false, range: () => [-0.5, labels.length - 0.5] },
        // turnover starts at zero: bars grow from the axis, lines are not stretched over a narrow band
        y: { range: (_u, min, max) => uPlot.rangeNum(Math.min(0, min), Math.max(0, max, 1), 0.1, true) },
      },
      axes: [
        {
          ...axis,
          grid: { show: false },
          splits: () => labels.map((_, i) => i),
          // a narrow chart (a phone) labels every other month: twelve labels ran into each other at 390 px
          values: (u, splits) => splits.map((i) => (u.width < 480 && labels.length > 6 && i % 2 === 1 ? '' : (labels[i] ?? ''))),
        },
        { ...axis, size: 56, values: (_u, splits) => splits.map((v) => formatCompact(v)) },
      ],
      series: [
        { label: xLabel, value: (_u, i) => (i == null ? '' : (labels[i] ?? '')) },
        ...series.map((s) => ({
          label: s.label,
          show: !hidden.includes(s.label),
          stroke: color(s.color),
          width: kind === 'line' ? 2 : 0,
          fill: kind === 'bar' ? color(s.color) : undefined,
          paths: kind === 'bar' ? bars : undefined,
          points: { show: kind === 'line', size: 6, fill: color(s.color) },
          value: (_u: uPlot, v: number | null) => (v == null ? '–' : format.current(v)),
        })),
      ],
    };
    // a legend click switches a series (uPlot's own toggle); the owner hears of it to keep the choice
    opts.hooks = {
      setSeries: [
        (u, i) => {
          const s = i == null ? undefined : u.series[i];
          if (s && i) toggle.current?.(String(s.label), s.show !== false);
        },
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.map((s) => s.values)];
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => {
      const w = Math.max(el.clientWidth, 100);
      if (w !== plot.width) plot.setSize({ width: w, height: h });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [key]);

  return <div ref={ref} data-testid={testId} className="turnover-chart" style={{ minHeight: h }} />;
}

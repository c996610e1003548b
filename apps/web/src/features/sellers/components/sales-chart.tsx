import type { SalesOverviewBucket } from '@torget/shared/api-types.generated';
import { DISPLAY_TIME_ZONE } from '@torget/shared/rules/dates';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useTranslation } from '#web/lib/use-translation.ts';
import 'uplot/dist/uPlot.min.css';

interface SalesChartProps {
  buckets: SalesOverviewBucket[];
  /** Says what the bars are, for the tooltip-free chart's title. */
  unit: 'day' | 'week';
}

const CHART_HEIGHT = 220;

/**
 * The x axis's days in Svenska: '22 nov.', in Stockholm like every date shown (a bar at noon UTC
 * is on its own day there); the default UI keeps uPlot's labels, on Stockholm's clock (tzDate).
 */
const swedishDay = new Intl.DateTimeFormat('sv-SE', { day: 'numeric', month: 'short', timeZone: DISPLAY_TIME_ZONE });
const swedishDays = (_u: uPlot, splits: number[]) => splits.map((seconds) => swedishDay.format(seconds * 1000));

/** A design token's value (tokens.css), for the canvas, which cannot read CSS variables itself. */
function token(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Noon UTC of a 'YYYY-MM-DD' day in seconds: the bar sits in the middle of its day whatever the zone. */
const dayToSeconds = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

/**
 * Revenue per day or week as bars (uPlot, loaded only with this screen). The canvas is hidden from
 * screen readers: the overview shows the same figures as a table beside it.
 */
export default function SalesChart({ buckets, unit }: SalesChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { i18n } = useTranslation();
  const swedish = i18n.language === 'sv';

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [buckets.map((b) => dayToSeconds(b.start)), buckets.map((b) => b.revenue)];
    const primary = token('--color-primary');
    const grid = token('--color-border');
    const text = token('--color-muted');
    const bars = uPlot.paths.bars?.({ size: [unit === 'day' ? 0.7 : 0.8, 40] });
    const chart = new uPlot(
      {
        width: element.clientWidth,
        height: CHART_HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), DISPLAY_TIME_ZONE),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 100) * 1.1] } },
        axes: [
          { stroke: text, grid: { show: false }, ticks: { stroke: grid }, ...(swedish ? { values: swedishDays } : {}) },
          {
            stroke: text,
            grid: { stroke: grid },
            ticks: { show: false },
            size: 60,
            values: (_u, splits) => splits.map((v) => `${Math.round(v)} kr`),
          },
        ],
        series: [{}, { label: 'Revenue', fill: primary, stroke: primary, paths: bars, points: { show: false } }],
      },
      data,
      element,
    );
    // The chart follows its box's width (phone turned, window resized).
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: CHART_HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [buckets, unit, swedish]);

  return <div ref={box} className="sales-chart" aria-hidden="true" />;
}

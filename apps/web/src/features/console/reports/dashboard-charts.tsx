import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { formatMajorAmount, MINOR_PER_MAJOR, type Currency } from '@wallet/contract/money';

// Only what these charts use: Chart.js is tree-shaken to it, in the dashboard's own chunk.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);
// The page's own font (Thai and Lao included), not the canvas default.
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;

export interface Series {
  label: string;
  /** Minor units, one a day. */
  values: number[];
  color: string;
  kind: 'bar' | 'line';
}

const GRID = 'rgba(255,255,255,0.06)';
const TEXT = '#9aa3b5';

/**
 * One chart of the last days: bars or lines of amounts, the days (DD/MM) along the bottom. It
 * fills its box's width and redraws when the box changes (a phone turned, a window resized); a tap
 * or hover shows the day's values.
 */
export function DayChart({
  days,
  series,
  currency,
  label,
}: {
  days: string[];
  series: Series[];
  currency: Currency;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, {
      data: {
        labels: days.map((day) => `${day.slice(8, 10)}/${day.slice(5, 7)}`),
        datasets: series.map((one) => ({
          type: one.kind,
          label: one.label,
          data: one.values.map((value) => value / MINOR_PER_MAJOR[currency]),
          backgroundColor: one.kind === 'bar' ? `${one.color}cc` : one.color,
          borderColor: one.color,
          borderWidth: one.kind === 'line' ? 2 : 0,
          pointRadius: 0,
          pointHitRadius: 8,
          tension: 0.25,
        })),
      } as never,
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { labels: { color: TEXT, boxWidth: 12, font: { size: 12 } } },
          tooltip: {
            callbacks: {
              label: (item) =>
                `${item.dataset.label ?? ''}: ${formatMajorAmount(Math.round(Number(item.raw) * MINOR_PER_MAJOR[currency]), currency)}`,
            },
          },
        },
        scales: {
          x: { ticks: { color: TEXT, maxRotation: 0, autoSkipPadding: 8 }, grid: { color: GRID } },
          y: {
            beginAtZero: true,
            ticks: { color: TEXT, precision: 0, callback: (value) => Number(value).toLocaleString('en-US') },
            grid: { color: GRID },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days, series, currency]);
  return (
    <div className="relative h-64 w-full sm:h-72">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/**
 * One 30-day bar chart (chart.js through react-chartjs-2) with a table of the same numbers for screen readers:
 * the canvas is hidden from assistive technology, the table from the eye. Colours follow the page's theme
 * (Bootstrap's CSS variables), so the chart reads in light and dark.
 */
import { useEffect, useState } from 'react';
import { BarElement, CategoryScale, Chart, LinearScale, Tooltip, BarController } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { DashboardDay } from '@quorum/contract';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** Re-reads the theme colours when the colour scheme attribute changes. */
function useThemeColors() {
  const read = () => ({ text: cssVar('--bs-secondary-color', '#6c757d'), grid: cssVar('--bs-border-color', '#dee2e6'), bar: cssVar('--bs-primary', '#0033ff') });
  const [colors, setColors] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-bs-theme', 'style', 'class'] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

/** The chart of `metric` with its table; `title` names both. */
export default function DailyChart({ days, metric, title, dateLabel }: { days: DashboardDay[]; metric: 'questions' | 'answers' | 'users'; title: string; dateLabel: string }) {
  const colors = useThemeColors();
  const id = `q-chart-${metric}`;
  return (
    <figure className="mb-0" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="h6 mb-3">
        {title}
      </figcaption>
      <div className="q-admin-chart" aria-hidden="true">
        <Bar
          data={{ labels: days.map((d) => d.date.slice(5)), datasets: [{ label: title, data: days.map((d) => d[metric]), backgroundColor: colors.bar, borderRadius: 2 }] }}
          options={{
            animation: false,
            maintainAspectRatio: false,
            responsive: true,
            plugins: { legend: { display: false } },
            scales: {
              x: { ticks: { color: colors.text, maxRotation: 0, autoSkipPadding: 8 }, grid: { display: false } },
              y: { beginAtZero: true, ticks: { color: colors.text, precision: 0 }, grid: { color: colors.grid } },
            },
          }}
        />
      </div>
      {/* A hidden table still sizes to its content: the wrapper is what is clipped to 1 px. */}
      <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{dateLabel}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.date}</th>
              <td>{d[metric]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

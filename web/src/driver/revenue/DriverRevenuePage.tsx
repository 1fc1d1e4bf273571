import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { monthWeeks } from '@limo/contracts/common/business-time';
import type { DriverRevenueReport } from '@limo/contracts/drivers/portal';
import { ErrorPanel } from '../../ui/StatePanels';
import { ViewTabs, type ViewTab } from '../../ui/ViewTabs';
import { DataTable, type Column } from '../../ui/DataTable';
import { SelectField } from '../../ui/SelectField';
import { StatCard } from '../../ui/StatCard';
import { FigureList } from '../../ui/FigureList';
import { BackLink } from '../../ui/BackLink';
import { serverMessage } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { useToast } from '../../lib/toast';
import { useDocumentMeta } from '../../lib/use-document-title';
import { DRIVER_POLL, DRIVER_QUERIES } from '../driver-queries';
import { hoursText } from '../driver-format';
import { dayLabel, defaultPeriod, MONTHS, revenueCsv, weeklyPayouts, withMonth, yearOptions, type Period } from './revenue-periods';

type View = 'monthly' | 'weekly';
const VIEWS: ViewTab<View>[] = [
  { view: 'monthly', label: 'Monthly View' },
  { view: 'weekly', label: 'Weekly View' },
];
const MONTH_OPTIONS = MONTHS.map((name, i) => [i + 1, name] as const);
const NO_DATA = 'No data';
/** An average over nothing (no ride, no day of the period yet) is no figure. */
const averageOrNoData = (amount: string, over: number) => (over === 0 ? NO_DATA : formatMoney(amount));

/** The driver's earnings by month or by week, from their completed rides (LA days). */
export default function DriverRevenuePage() {
  useDocumentMeta('My Earnings', 'Your earnings, rides and hours by month and by week.');
  const id = useId();
  const toast = useToast();
  const [view, setView] = useState<View>('monthly');
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const years = yearOptions();
  const weeks = monthWeeks(period.year, period.month);
  const monthly = useQuery<DriverRevenueReport>({
    queryKey: [DRIVER_QUERIES.monthly, { month: period.month, year: period.year }],
    refetchInterval: DRIVER_POLL.revenue,
    enabled: view === 'monthly',
  });
  const weekly = useQuery<DriverRevenueReport>({
    queryKey: [DRIVER_QUERIES.weekly, { week: period.week, month: period.month, year: period.year }],
    refetchInterval: DRIVER_POLL.revenue,
    enabled: view === 'weekly',
  });
  const shown = view === 'monthly' ? monthly : weekly;

  const exportCsv = () => {
    if (!shown.data) return;
    const { filename, content } = revenueCsv(shown.data, period);
    const url = URL.createObjectURL(new Blob([content], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: 'Earnings Exported', description: `${filename} has been saved.` });
  };

  return (
    <div className="driver-page">
      <BackLink to="/driver/dashboard">Back to Dashboard</BackLink>
      <header className="driver-page-header">
        <div>
          <h1>My Earnings</h1>
          <p className="muted">What you earned from completed rides (Los Angeles days).</p>
        </div>
        <button type="button" className="btn btn-outline" onClick={exportCsv} disabled={!shown.data} aria-label="Export the shown period as CSV">
          Export
        </button>
      </header>
      <ViewTabs tabs={VIEWS} view={view} onChange={setView} idPrefix={id} label="Earnings view" />
      <div className="revenue-selects">
        <SelectField id={`${id}-month`} label="Month" value={period.month} options={MONTH_OPTIONS} onChange={(m) => setPeriod(withMonth(m, period.year))} />
        {view === 'weekly' && (
          <SelectField
            id={`${id}-week`}
            label="Week"
            value={Math.min(period.week, weeks.length)}
            options={weeks.map((w) => [w.week, w.label] as const)}
            onChange={(week) => setPeriod({ ...period, week })}
          />
        )}
        <SelectField id={`${id}-year`} label="Year" value={period.year} options={years.map((y) => [y, String(y)] as const)} onChange={(y) => setPeriod(withMonth(period.month, y))} />
      </div>
      <div role="tabpanel" id={`${id}-panel-${view}`} aria-labelledby={`${id}-tab-${view}`} className="revenue-panel">
        {shown.isLoading ? (
          <p className="inline-loading" role="status">
            {view === 'monthly' ? 'Loading monthly data...' : 'Loading weekly data...'}
          </p>
        ) : shown.isError || !shown.data ? (
          <ErrorPanel title="Unable to Load Your Earnings" error={shown.error} message={serverMessage(shown.error)} />
        ) : view === 'monthly' ? (
          <MonthlyReport report={shown.data} period={period} />
        ) : (
          <WeeklyReport report={shown.data} />
        )}
      </div>
    </div>
  );
}

function MonthlyReport({ report, period }: { report: DriverRevenueReport; period: Period }) {
  const t = report.totals;
  return (
    <>
      <p className="revenue-range">{report.period.label}</p>
      <Cards
        cards={[
          ['Total Earnings', formatMoney(t.earnings)],
          ['Total Rides', String(t.rides)],
          ['Hours Worked', hoursText(t.hoursWorked)],
          ['Avg per Ride', averageOrNoData(t.averagePerRide, t.rides)],
        ]}
      />
      <div className="revenue-panels">
        <Panel title="Performance Metrics">
          <FigureList
            none={NO_DATA}
            rows={[
              ['Days Worked', String(t.daysWorked)],
              ['Avg Earnings/Hour', t.averagePerHour === null ? NO_DATA : formatMoney(t.averagePerHour)],
              ['Top Earning Day', t.topDay ? `${dayLabel(t.topDay.date)} · ${formatMoney(t.topDay.earnings)}` : NO_DATA],
            ]}
          />
        </Panel>
        <Panel title="Weekly Payouts">
          <DataTable
            caption={`Earnings by week, ${report.period.label}`}
            columns={WEEK_COLUMNS}
            rows={weeklyPayouts(report, period.year, period.month)}
            rowKey={(w) => w.week}
          />
        </Panel>
      </div>
      <Panel title="Monthly Revenue Analytics">
        <DailyTable report={report} />
      </Panel>
    </>
  );
}

function WeeklyReport({ report }: { report: DriverRevenueReport }) {
  const t = report.totals;
  return (
    <>
      <p className="revenue-range">{report.period.label}</p>
      <Cards
        cards={[
          ['Week Total', formatMoney(t.earnings)],
          ['Total Rides', String(t.rides)],
          ['Hours Worked', hoursText(t.hoursWorked)],
          ['Daily Average', averageOrNoData(t.averagePerDay, report.days.length)],
        ]}
      />
      <Panel title="Daily Breakdown">
        <DailyTable report={report} />
      </Panel>
    </>
  );
}

/** "Week 1: Nov 1-Nov 7" that, on a phone, breaks after the colon only (its two parts never split). */
function WeekLabel({ label }: { label: string }) {
  const at = label.indexOf(': ');
  if (at < 0) return <>{label}</>;
  return (
    <>
      <span className="nowrap">{label.slice(0, at + 1)}</span> <span className="nowrap">{label.slice(at + 2)}</span>
    </>
  );
}

function Cards({ cards }: { cards: [string, string][] }) {
  return (
    <ul className="driver-stats" aria-label="Totals">
      {cards.map(([label, value]) => (
        <StatCard key={label} label={label} value={value} valueTestId={`revenue-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`} />
      ))}
    </ul>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card driver-panel" aria-labelledby={id}>
      <h2 id={id} className="section-title panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A row per day of the period so far, with the period's total. */
function DailyTable({ report }: { report: DriverRevenueReport }) {
  if (report.days.length === 0) return <p className="muted">No data: this period has not started yet.</p>;
  const t = report.totals;
  return (
    <DataTable
      caption={`Daily earnings, ${report.period.label}`}
      testId="daily-table"
      columns={DAY_COLUMNS}
      rows={report.days}
      rowKey={(d) => d.date}
      rowClass={(d) => (d.rides === 0 && d.hoursWorked === 0 ? 'row-quiet' : undefined)}
      footer={['Total', t.rides, hoursText(t.hoursWorked), formatMoney(t.earnings)]}
    />
  );
}

const WEEK_COLUMNS: Column<ReturnType<typeof weeklyPayouts>[number]>[] = [
  { header: 'Week', rowHeader: true, cell: (w) => <WeekLabel label={w.label} /> },
  { header: 'Rides', numeric: true, cell: (w) => w.rides },
  { header: 'Earnings', numeric: true, cell: (w) => formatMoney(w.earnings) },
];

const DAY_COLUMNS: Column<DriverRevenueReport['days'][number]>[] = [
  { header: 'Date', rowHeader: true, cell: (d) => dayLabel(d.date) },
  { header: 'Rides', numeric: true, cell: (d) => d.rides },
  { header: 'Hours', numeric: true, cell: (d) => hoursText(d.hoursWorked) },
  { header: 'Earnings', numeric: true, cell: (d) => formatMoney(d.earnings) },
];

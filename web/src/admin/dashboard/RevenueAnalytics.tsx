import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { businessToday, MONTH_NAMES, toCents, type DailyRevenue, type MonthlyRevenue, type RevenueSummary } from '@limo/contracts';
import { ViewTabs, type ViewTab } from '../../ui/ViewTabs';
import { DataTable, type Column } from '../../ui/DataTable';
import { SelectField } from '../../ui/SelectField';
import { StatCard } from '../../ui/StatCard';
import { InlineError } from '../components/AuthErrorPanel';
import { formatDate, formatMoney } from '../../lib/format';
import { POLL } from './polling';
import { RevenueBarChart } from './RevenueBarChart';
import { compareAmounts, formatGrowth, NOT_APPLICABLE } from './revenue-format';
import { DAILY_VIEW_DAYS, dailyWindow, dayOfMonth, defaultRevenuePeriod, monthName, revenueYears } from './revenue-periods';

type View = 'daily' | 'monthly';

/** Revenue Analytics: summary cards, month and year selectors, daily and monthly views. */
export function RevenueAnalytics() {
  const id = useId();
  const [{ month, year }, setPeriod] = useState(() => defaultRevenuePeriod(businessToday()));
  const [view, setView] = useState<View>('daily');
  // The summary cards ask the same query: it also says the year of the first booking.
  const summary = useQuery<RevenueSummary>({ queryKey: ['/api/admin/revenue/summary'], refetchInterval: POLL.revenue });
  const years = revenueYears(summary.data?.firstYear ?? null, businessToday());

  return (
    <section className="card dash-panel revenue-panel" aria-labelledby={`${id}-heading`}>
      <div className="section-head">
        <h2 id={`${id}-heading`} className="section-title">
          Revenue Analytics
        </h2>
        <div className="revenue-selectors">
          <SelectField id={`${id}-month`} label="Month" value={month} options={MONTH_OPTIONS} onChange={(m) => setPeriod({ month: m, year })} />
          <SelectField id={`${id}-year`} label="Year" value={year} options={years.map((y) => [y, String(y)] as const)} onChange={(y) => setPeriod({ month, year: y })} />
        </div>
      </div>
      <SummaryCards />
      <ViewTabs tabs={VIEWS} view={view} onChange={setView} idPrefix={id} label="Revenue view" />
      <div role="tabpanel" id={`${id}-panel-${view}`} aria-labelledby={`${id}-tab-${view}`} className="revenue-view">
        {view === 'daily' ? <DailyView month={month} year={year} /> : <MonthlyView year={year} />}
      </div>
    </section>
  );
}

function SummaryCards() {
  const summary = useQuery<RevenueSummary>({ queryKey: ['/api/admin/revenue/summary'], refetchInterval: POLL.revenue });
  if (summary.isError) return <InlineError what="the revenue summary" error={summary.error} />;
  const s = summary.data;
  const today = s ? compareAmounts(s.today.totalRevenue, s.yesterday.totalRevenue, 'yesterday') : null;
  const month = s ? compareAmounts(s.thisMonth.totalRevenue, s.lastMonth.totalRevenue, 'last month') : null;
  return (
    <ul className="revenue-cards" aria-label="Revenue summary" aria-busy={summary.isLoading}>
      <StatCard inset className="revenue-card" label="Today's Revenue" value={s ? formatMoney(s.today.totalRevenue) : '…'}>
        {today && <p className={`trend trend-${today.trend}`}>{today.text}</p>}
        {s && <p className="muted small">Yesterday: {formatMoney(s.yesterday.totalRevenue)}</p>}
      </StatCard>
      <StatCard inset className="revenue-card" label="This Month" value={s ? formatMoney(s.thisMonth.totalRevenue) : '…'}>
        {month && <p className={`trend trend-${month.trend}`}>{month.text}</p>}
        {s && (
          <p className="muted small">
            {s.lastMonth.month}: {formatMoney(s.lastMonth.totalRevenue)}
          </p>
        )}
      </StatCard>
      <StatCard inset className="revenue-card" label="Average Booking Value" value={s ? averageText(s.thisMonth) : '…'}>
        {s && (
          <p className="muted small">
            {s.thisMonth.bookingsCount} completed booking{s.thisMonth.bookingsCount === 1 ? '' : 's'} in {s.thisMonth.month}
          </p>
        )}
      </StatCard>
    </ul>
  );
}

const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => [i + 1, name] as const);

const VIEWS: ViewTab<View>[] = [
  { view: 'daily', label: 'Daily View' },
  { view: 'monthly', label: 'Monthly View' },
];

/** "Nov 3": the range above the table gives the year. */
const shortDate = (date: string) => formatDate(date).replace(/, \d{4}$/, '');

/** An average of no bookings is not $0.00: there is nothing to average. */
const averageText = (row: { bookingsCount: number; averageBookingValue: string }) => (row.bookingsCount === 0 ? NOT_APPLICABLE : formatMoney(row.averageBookingValue));

/**
 * The 15 days of the daily view: for today's month the 15 ending today (so today's revenue is in
 * them), which early in a month takes two calls, one per month; for another month its first 15.
 */
function DailyView({ month, year }: { month: number; year: number }) {
  const today = businessToday();
  const range = dailyWindow(today, { month, year });
  // Days still to come are not results.
  const past = range.days.filter((date) => date <= today);
  const answers = useQueries({
    queries: range.months.map((m) => ({ queryKey: ['/api/admin/revenue/daily', m], refetchInterval: POLL.revenue })),
  });
  if (answers.some((a) => a.isLoading)) return <p className="inline-loading">Loading daily revenue...</p>;
  const failed = answers.find((a) => a.isError);
  if (failed) return <InlineError what="daily revenue" error={failed.error} />;
  const byDate = new Map(answers.flatMap((a) => (a.data as DailyRevenue[] | undefined) ?? []).map((d) => [d.date, d]));
  if (past.length === 0) return <p className="inline-empty">No data: {monthName(month)} {year} has not started yet.</p>;
  const days = past.map((date) => byDate.get(date) ?? { date, totalRevenue: '0.00', bookingsCount: 0, averageBookingValue: '0.00' });
  const title = `Daily revenue, ${range.label}`;
  return (
    <>
      <p className="revenue-range" data-testid="daily-range">
        {range.endsToday ? `The last ${DAILY_VIEW_DAYS} days: ${range.label}` : `The first ${DAILY_VIEW_DAYS} days: ${range.label}`}
      </p>
      <div className="revenue-body">
        <RevenueBarChart
          title={title}
          bars={days.map((d) => ({
            label: dayOfMonth(d.date),
            name: formatDate(d.date),
            cents: toCents(d.totalRevenue),
            amount: formatMoney(d.totalRevenue),
          }))}
        />
        <DataTable caption={title} label={`${title} (table)`} columns={DAILY_COLUMNS} rows={days} rowKey={(d) => d.date} />
      </div>
    </>
  );
}

const DAILY_COLUMNS: Column<DailyRevenue>[] = [
  { header: 'Date', rowHeader: true, cell: (d) => shortDate(d.date) },
  { header: 'Bookings', numeric: true, cell: (d) => d.bookingsCount },
  { header: 'Revenue', numeric: true, cell: (d) => formatMoney(d.totalRevenue) },
  { header: 'Average', numeric: true, cell: averageText },
];

const MONTHLY_COLUMNS: Column<MonthlyRevenue>[] = [
  { header: 'Month', rowHeader: true, cell: (m) => m.month },
  { header: 'Bookings', numeric: true, cell: (m) => m.bookingsCount },
  { header: 'Growth', numeric: true, cell: (m) => formatGrowth(m.growthPercentage).text, cellClass: (m) => `trend trend-${formatGrowth(m.growthPercentage).trend}` },
  { header: 'Total', numeric: true, cell: (m) => formatMoney(m.totalRevenue) },
  { header: 'Average', numeric: true, cell: averageText },
];

function MonthlyView({ year }: { year: number }) {
  const monthly = useQuery<MonthlyRevenue[]>({ queryKey: ['/api/admin/revenue/monthly', { year }], refetchInterval: POLL.revenue });
  if (monthly.isLoading) return <p className="inline-loading">Loading monthly revenue...</p>;
  if (monthly.isError) return <InlineError what="monthly revenue" error={monthly.error} />;
  const months = monthly.data ?? [];
  const title = `Monthly revenue, ${year}`;
  return (
    <div className="revenue-body">
      <RevenueBarChart
        title={title}
        bars={months.map((m) => ({
          label: m.month.slice(0, 3),
          name: `${m.month} ${m.year}`,
          cents: toCents(m.totalRevenue),
          amount: formatMoney(m.totalRevenue),
        }))}
      />
      <DataTable caption={title} label={`${title} (table)`} columns={MONTHLY_COLUMNS} rows={months} rowKey={(m) => m.month} />
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { AdminNotifications, AdminStats } from '@limo/contracts';
import { formatMoney } from '../../lib/format';
import { InlineError } from '../components/AuthErrorPanel';
import { StatCard } from '../../ui/StatCard';
import { POLL } from './polling';

interface Card {
  label: string;
  value: string;
  detail: string;
  tone: string;
  icon: string;
}

/** What the pending requests are waiting for: a driver to be chosen, or the chosen driver's answer. */
function pendingDetail(pending: number, needDriver: number | undefined): string {
  if (pending === 0) return 'all caught up';
  if (needDriver === undefined) return 'awaiting a driver or an answer';
  const awaiting = Math.max(0, pending - needDriver);
  return `${needDriver} need${needDriver === 1 ? 's' : ''} a driver, ${awaiting} awaiting an answer`;
}

function cards(stats: AdminStats, needDriver: number | undefined): Card[] {
  return [
    {
      label: 'Total Bookings',
      value: String(stats.totalBookings),
      detail: `${stats.bookingsThisMonth} this month`,
      tone: 'blue',
      icon: 'M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V9h14v11Z',
    },
    {
      label: 'Total Revenue',
      value: formatMoney(stats.totalRevenue),
      detail: `${stats.completedBookings} completed trip${stats.completedBookings === 1 ? '' : 's'}`,
      tone: 'green',
      icon: 'M11.8 10.9c-2.27-.59-3-1.2-3-2.15 0-1.09 1.01-1.85 2.7-1.85 1.78 0 2.44.85 2.5 2.1h2.21c-.07-1.72-1.12-3.3-3.21-3.81V3h-3v2.16c-1.94.42-3.5 1.68-3.5 3.61 0 2.31 1.91 3.46 4.7 4.13 2.5.6 3 1.48 3 2.41 0 .69-.49 1.79-2.7 1.79-2.06 0-2.87-.92-2.98-2.1h-2.2c.12 2.19 1.76 3.42 3.68 3.83V21h3v-2.15c1.95-.37 3.5-1.5 3.5-3.55 0-2.84-2.43-3.81-4.7-4.4Z',
    },
    {
      label: 'Active Drivers',
      value: String(stats.activeDrivers),
      detail: `on duty, of ${stats.totalDrivers} total`,
      tone: 'gold',
      icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4Z',
    },
    {
      label: 'Pending Requests',
      value: String(stats.pendingRequests),
      detail: pendingDetail(stats.pendingRequests, needDriver),
      tone: 'orange',
      icon: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 11h-4V7h2v4h2v2Z',
    },
  ];
}

/** The four stat cards, from GET /api/admin/stats (the reporting projections). */
export function StatCards() {
  const stats = useQuery<AdminStats>({ queryKey: ['/api/admin/stats'], refetchInterval: POLL.stats });
  // The bell's count: the pending requests that need a driver (the others await a driver's answer).
  const notifications = useQuery<AdminNotifications>({ queryKey: ['/api/admin/notifications'], refetchInterval: POLL.notifications });
  if (stats.isError) return <InlineError what="statistics" error={stats.error} />;
  return (
    <ul className="stat-grid" aria-label="Key figures" aria-busy={stats.isLoading}>
      {(stats.data ? cards(stats.data, notifications.data?.count) : PLACEHOLDER).map((card) => (
        <StatCard
          key={card.label}
          label={card.label}
          value={card.value}
          valueTestId={`stat-${card.label.toLowerCase().replace(/\s+/g, '-')}`}
          detail={card.detail}
          tone={card.tone}
          icon={card.icon || undefined}
        />
      ))}
    </ul>
  );
}

const PLACEHOLDER: Card[] = ['Total Bookings', 'Total Revenue', 'Active Drivers', 'Pending Requests'].map((label) => ({
  label,
  value: '…',
  detail: 'Loading...',
  tone: 'gray',
  icon: '',
}));

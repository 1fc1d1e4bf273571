import { Link } from 'react-router-dom';

const ACTIONS = [
  { to: '/admin/register-driver', label: 'Register Driver', detail: 'Add a chauffeur to the team' },
  { to: '/admin/drivers', label: 'Manage Drivers', detail: 'Details, duty and ratings' },
  { to: '/admin/fleet', label: 'Manage Fleet', detail: 'Vehicles, rates and status' },
  { to: '/admin/bookings', label: 'All Bookings', detail: 'Review, edit and update' },
  { to: '/admin/reports', label: 'Reports', detail: 'Revenue, routes and usage' },
] as const;

export function QuickActions() {
  return (
    <section className="card dash-panel" aria-labelledby="quick-actions-heading">
      <h2 id="quick-actions-heading" className="section-title">
        Quick Actions
      </h2>
      <ul className="quick-actions">
        {ACTIONS.map((action) => (
          <li key={action.to}>
            <Link to={action.to} className="quick-action">
              <span className="quick-action-label">{action.label}</span>
              <span className="quick-action-detail">{action.detail}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { RatesView, Vehicle } from '@limo/contracts';
import { LoadingPanel } from '../../ui/StatePanels';
import { useDocumentMeta } from '../../lib/use-document-title';
import { AdminErrorPanel } from '../components/AuthErrorPanel';
import { RateHistory } from './RateHistory';
import { RatesEditor } from './RatesEditor';
import './rates.css';

const RATES_KEY = ['/api/admin/rates'] as const;

/** The admin's Rates page: the one rate table every quote and every price of the site comes from. */
export default function AdminRatesPage() {
  useDocumentMeta('Rates', 'The rate table: hourly rates, zone fares, the distance fare, extras and their history.');
  const rates = useQuery<RatesView>({ queryKey: RATES_KEY });
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });

  return (
    <section className="admin-page" aria-labelledby="rates-heading">
      <header className="admin-page-header">
        <div>
          <h1 id="rates-heading">Rates</h1>
          <p className="muted">
            What every ride costs. Amounts are what the customer pays, service fee and gratuity included; a saved change is quoted at once and every price on the site
            follows it.
          </p>
        </div>
      </header>
      {rates.isLoading || vehicles.isLoading ? (
        <LoadingPanel label="Loading rates..." />
      ) : rates.isError || !rates.data ? (
        <AdminErrorPanel title="Unable to Load Rates" error={rates.error} />
      ) : (
        // A new version starts a fresh form from what was saved.
        <RatesEditor key={rates.data.version} view={rates.data} vehicles={vehicles.data ?? []} aside={<RateHistory view={rates.data} />} />
      )}
    </section>
  );
}

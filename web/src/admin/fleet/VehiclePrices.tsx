import { Link } from 'react-router-dom';
import type { PriceGuide, Vehicle } from '@limo/contracts';
import { GuidePrice } from '../../components/GuidePrice';
import { formatMoney } from '../../lib/format';
import { usePriceGuide } from '../../lib/price-guide';

/** A vehicle's prices as customers are quoted them: the price guide's, set on the Rates page. */
export function VehiclePrices({ vehicle }: { vehicle: Vehicle }) {
  const guide = usePriceGuide();
  const of = (g: PriceGuide) => g.vehicles.find((v) => v.vehicleId === vehicle.id);
  // The guide prices the vehicles customers can book: a vehicle out of service has no figures, a new one has them within a minute.
  if (guide.data && !of(guide.data))
    return (
      <div>
        <dt>Prices</dt>
        <dd>
          {vehicle.isActive ? 'In the price guide within a minute' : 'Not offered to customers'} (<Link to="/admin/rates">Rates</Link>)
        </dd>
      </div>
    );
  return (
    <>
      <div>
        <dt>Hourly</dt>
        <dd>
          <GuidePrice pick={(g) => of(g)?.hourlyRate} format={formatMoney} />
          /hr, minimum <GuidePrice pick={(g) => of(g) && `${of(g)!.minimumHours} h`} format={(t) => t} /> (
          <GuidePrice pick={(g) => of(g)?.hourlyMinimum} format={formatMoney} />)
        </dd>
      </div>
      <div>
        <dt>LAX to Santa Monica</dt>
        <dd>
          <GuidePrice pick={(g) => of(g)?.sampleTransfer} format={formatMoney} />
        </dd>
      </div>
    </>
  );
}

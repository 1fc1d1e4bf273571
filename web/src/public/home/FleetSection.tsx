import { useQuery } from '@tanstack/react-query';
import type { PriceGuide, Vehicle } from '@limo/contracts';
import { GuidePrice, GuideText, PriceGuideNote } from '../../components/GuidePrice';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../ui/StatePanels';

/** A vehicle's figures from the price guide: its hourly rate and minimum, and LAX to Santa Monica. */
function FleetPrices({ vehicleId, name }: { vehicleId: number; name: string }) {
  const of = (guide: PriceGuide) => guide.vehicles.find((v) => v.vehicleId === vehicleId);
  return (
    <dl className="fleet-prices" aria-label={`${name} prices`}>
      <div>
        <dt>By the hour</dt>
        <dd>
          <GuidePrice pick={(g) => of(g)?.hourlyRate} />
          /hr, <GuideText pick={(g) => of(g)?.minimumHours} />
          -hour minimum
        </dd>
      </div>
      <div>
        <dt>LAX to Santa Monica</dt>
        <dd>
          <GuidePrice pick={(g) => of(g)?.sampleTransfer} />
        </dd>
      </div>
    </dl>
  );
}

/** The fleet (`#fleet`, the navigation's "Our Fleet"), from GET /api/vehicles, priced by the price guide. */
export function FleetSection() {
  const vehicles = useQuery<Vehicle[]>({ queryKey: ['/api/vehicles'] });
  const active = vehicles.data?.filter((v) => v.isActive) ?? [];

  return (
    <section id="fleet" className="section section-dark fleet-section" aria-labelledby="fleet-title">
      <div className="container">
        <header className="section-header centered">
          <p className="eyebrow">Our fleet</p>
          <h2 id="fleet-title">Choose your ride</h2>
          <p>Every vehicle is late-model, spotless and driven by a professional chauffeur.</p>
        </header>
        {vehicles.isPending && <LoadingPanel label="Loading the fleet..." />}
        {vehicles.isError && <ErrorPanel title="Unable to Load Fleet Data" error={vehicles.error} />}
        {vehicles.isSuccess && active.length === 0 && <EmptyPanel message="No vehicles available." />}
        {active.length > 0 && (
          <ul className="fleet-grid plain-list">
            {active.map((v) => (
              <li key={v.id}>
                <article className="fleet-card" aria-labelledby={`fleet-${v.id}`}>
                  <div className="fleet-image">
                    <img src={v.imageUrl} alt={`${v.name}: ${v.description}, side view`} width="480" height="200" loading="lazy" decoding="async" />
                  </div>
                  <div className="fleet-body">
                    <h3 id={`fleet-${v.id}`}>{v.name}</h3>
                    <p className="fleet-model">{v.description}</p>
                    <p className="fleet-capacity">
                      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                        <path
                          fill="currentColor"
                          d="M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Zm8 0-1 .1c1.2.9 2 2.1 2 3.9v2h7v-2c0-2.7-5.3-4-8-4Z"
                        />
                      </svg>
                      Up to {v.capacity} passengers{v.luggageCapacity !== undefined && ` and ${v.luggageCapacity} bags`}
                    </p>
                    {v.features.length > 0 && (
                      <ul className="fleet-features" aria-label={`${v.name} features`}>
                        {v.features.map((f) => (
                          <li key={f}>{f}</li>
                        ))}
                      </ul>
                    )}
                    <FleetPrices vehicleId={v.id} name={v.name} />
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {active.length > 0 && <PriceGuideNote className="price-note centered-note" />}
      </div>
    </section>
  );
}

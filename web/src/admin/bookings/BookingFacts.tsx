import type { Booking } from '@limo/contracts';
import { flightText } from '@limo/contracts/booking/flight-rules';
import { bagsText } from '@limo/contracts/booking/vehicle-choice';
import { waitText } from '../../lib/wait-text';
import { formatPhone } from '../drivers/driver-format';
import { formatDate, formatMoney, formatTime } from '../../lib/format';
import { useVehicleNames } from '../dashboard/use-vehicle-names';
import { customerName, flightFollowText, TRIP_TYPE_LABEL } from './booking-format';

/** Fares are set for vehicle 1 and scaled by the chosen vehicle's rate (libs/contracts pricing). */
const FARE_VEHICLE_ID = 1;

/** The booking dialog's read-only sections: customer, trip, vehicle and the itemised price. */
export function BookingFacts({ booking: b, vehicleName, idPrefix: id }: { booking: Booking; vehicleName?: string; idPrefix: string }) {
  const fareVehicle = useVehicleNames().get(FARE_VEHICLE_ID);
  return (
    <>
      <section className="dialog-section" aria-labelledby={`${id}-customer`}>
        <h3 id={`${id}-customer`}>Customer Information</h3>
        <dl className="facts">
          <div>
            <dt>Name</dt>
            <dd>{customerName(b)}</dd>
          </div>
          <div className="span-2">
            <dt>Email</dt>
            <dd className="wrap">
              <a href={`mailto:${b.email}`}>{b.email}</a>
            </dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${b.phone}`}>{formatPhone(b.phone)}</a>
            </dd>
          </div>
          <div>
            <dt>SMS updates</dt>
            <dd>{b.smsUpdates ? 'Yes' : 'No'}</dd>
          </div>
        </dl>
      </section>

      <section className="dialog-section" aria-labelledby={`${id}-trip`}>
        <h3 id={`${id}-trip`}>Trip Details</h3>
        <dl className="facts">
          <div>
            <dt>Trip type</dt>
            <dd>{TRIP_TYPE_LABEL[b.tripType]}</dd>
          </div>
          <div>
            <dt>Date and time</dt>
            <dd>
              {formatDate(b.pickupDate)} at {formatTime(b.pickupTime)}
            </dd>
          </div>
          <div className="span-2">
            <dt>Pickup</dt>
            <dd>{b.pickupLocation}</dd>
          </div>
          {b.waypoints.length > 0 && (
            <div className="span-2">
              <dt>Stops</dt>
              <dd>
                <ol className="stops">
                  {b.waypoints.map((w, i) => (
                    <li key={`${i}-${w}`}>{w}</li>
                  ))}
                </ol>
              </dd>
            </div>
          )}
          {b.tripType === 'one-way' ? (
            <div className="span-2">
              <dt>Drop-off</dt>
              <dd>{b.dropoffLocation || 'Not specified'}</dd>
            </div>
          ) : (
            <div>
              <dt>Duration</dt>
              <dd>{b.duration ? `${b.duration} hours` : 'Not specified'}</dd>
            </div>
          )}
          <div>
            <dt>Passengers</dt>
            <dd>{b.passengers ?? 'Not specified'}</dd>
          </div>
          {b.luggage !== undefined && (
            <div>
              <dt>Luggage</dt>
              <dd data-testid="booking-luggage">{bagsText(b.luggage)}</dd>
            </div>
          )}
          {b.wait && (
            <div>
              <dt>Wait at pickup</dt>
              <dd data-testid="booking-wait">{waitText(b.wait)}</dd>
            </div>
          )}
          {b.flightNumber && (
            <div>
              <dt>Flight</dt>
              <dd data-testid="booking-flight">
                {flightText(b)}
                {flightFollowText(b)}
              </dd>
            </div>
          )}
          <div>
            <dt>Meet &amp; greet</dt>
            <dd>{b.meetGreet ? 'Yes' : 'No'}</dd>
          </div>
          <div>
            <dt>Child seats</dt>
            <dd>{b.childSeats ? 'Yes' : 'No'}</dd>
          </div>
          <div className="span-2">
            <dt>Special requests</dt>
            <dd className="notes-text">{b.specialRequests || 'None'}</dd>
          </div>
        </dl>
      </section>

      <section className="dialog-section" aria-labelledby={`${id}-pricing`}>
        <h3 id={`${id}-pricing`}>Vehicle and Pricing</h3>
        <dl className="facts">
          <div>
            <dt>Booking reference</dt>
            <dd className="mono">{b.reference}</dd>
          </div>
          <div>
            <dt>Vehicle</dt>
            <dd>
              {vehicleName ?? (b.vehicleId == null ? 'Not chosen' : 'Vehicle')}
            </dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>{b.paymentMethod === 'phone-card' ? 'By phone (card or payment app)' : b.paymentMethod}</dd>
          </div>
        </dl>
        <dl className="price-lines" aria-label="Itemised price" data-testid="booking-price">
          {b.price.lines ? (
            <RateTableLines price={b.price} />
          ) : (
            <>
              {(b.price.vehicle !== '0.00' || b.price.offer) && (
                <div>
                  <dt>{fareVehicle ? `Fare (${fareVehicle})` : 'Fare'}</dt>
                  <dd>{formatMoney(b.price.fare)}</dd>
                </div>
              )}
              {b.price.vehicle !== '0.00' && (
                <div>
                  <dt>{vehicleName ?? 'Vehicle'}</dt>
                  <dd>{b.price.vehicle.startsWith('-') ? `−${formatMoney(b.price.vehicle.slice(1))}` : `+${formatMoney(b.price.vehicle)}`}</dd>
                </div>
              )}
              {b.price.offer && (
                <div className="price-offer">
                  <dt>Offer: {b.price.offer.name}</dt>
                  <dd>−{formatMoney(b.price.offer.saving)}</dd>
                </div>
              )}
              <div>
                <dt>Base rate</dt>
                <dd>{formatMoney(b.price.base)}</dd>
              </div>
              {b.meetGreet && (
                <div>
                  <dt>Meet &amp; greet</dt>
                  <dd>{formatMoney(b.price.meetGreet)}</dd>
                </div>
              )}
              {b.childSeats && (
                <div>
                  <dt>Child safety seats</dt>
                  <dd>{formatMoney(b.price.childSeats)}</dd>
                </div>
              )}
              <div>
                <dt>Service fee (5%)</dt>
                <dd>{formatMoney(b.price.serviceFee)}</dd>
              </div>
              <div>
                <dt>Gratuity (15%)</dt>
                <dd>{formatMoney(b.price.gratuity)}</dd>
              </div>
            </>
          )}
          <div className="price-total">
            <dt>Total</dt>
            <dd>{formatMoney(b.price.total)}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

/** A quote from the rate table: its lines as the customer saw them, and the fee and gratuity the total includes. */
function RateTableLines({ price }: { price: Booking['price'] }) {
  return (
    <>
      {(price.lines ?? []).map((line) => (
        <div key={line.code} className={line.code === 'offer' || line.code === 'return-discount' ? 'price-offer' : undefined}>
          <dt>{line.code === 'offer' ? `Offer: ${line.label}` : line.label}</dt>
          <dd>{line.amount.startsWith('-') ? `−${formatMoney(line.amount.slice(1))}` : formatMoney(line.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>Service fee (5%), included</dt>
        <dd>{formatMoney(price.serviceFee)}</dd>
      </div>
      <div>
        <dt>Gratuity (15%), included</dt>
        <dd>{formatMoney(price.gratuity)}</dd>
      </div>
    </>
  );
}

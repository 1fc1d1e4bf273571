/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { Booking } from '@limo/contracts';
import { renderWithApp } from '../../test-support/render';
import { BookingDialog, type DialogMode } from './BookingDialog';

const booking: Booking = {
  id: 7,
  reference: 'LX-7K3Q9',
  version: 1,
  customerId: null,
  tripType: 'one-way',
  pickupDate: '2030-03-08',
  pickupTime: '10:30',
  pickupLocation: 'LAX',
  dropoffLocation: 'Pasadena',
  waypoints: [],
  duration: 1,
  specialRequests: null,
  passengers: 2,
  vehicleId: 1,
  driverId: null,
  firstName: 'Casey',
  lastName: 'Browser',
  email: 'casey@example.com',
  phone: '3105551234',
  paymentMethod: 'phone-card',
  smsUpdates: false,
  meetGreet: false,
  childSeats: false,
  baseRate: '245.00',
  serviceFee: '12.25',
  gratuity: '38.59',
  totalAmount: '295.84',
  driverEarnings: null,
  price: { fare: '245.00', vehicle: '0.00', offer: null, base: '245.00', meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '12.25', gratuity: '38.59', total: '295.84' },
  adminNotes: null,
  status: 'pending',
  assignedAt: null,
  responseDeadline: null,
  driverResponse: null,
  respondedAt: null,
  startedAt: null,
  completedAt: null,
  driverStatus: null,
  pickedUpAt: null,
  halfwayAt: null,
  twoMilesAt: null,
  droppedOffAt: null,
  currentLocation: null,
  estimatedArrival: null,
  createdAt: '2030-03-01T10:00:00.000Z',
  updatedAt: '2030-03-01T10:00:00.000Z',
};

/** The bookings page's part: it holds the mode the dialog asks for. */
function Page({ initialMode }: { initialMode: DialogMode }) {
  const [mode, setMode] = useState(initialMode);
  return <BookingDialog booking={booking} mode={mode} vehicleName="Mercedes-Benz S-Class" onModeChange={setMode} onClose={() => {}} />;
}

const fetchMock = jest.fn<typeof fetch>();
const dialog = () => within(screen.getByRole('dialog', { hidden: true }));

describe('booking dialog', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('shows the booking in view mode, and Cancel in edit mode restores the saved status', async () => {
    const user = userEvent.setup();
    renderWithApp(<Page initialMode="view" />);
    expect(dialog().getByText('View booking LX-7K3Q9')).toBeTruthy();
    expect(dialog().getByText('Casey Browser')).toBeTruthy();
    expect(dialog().getByText('Mercedes-Benz S-Class')).toBeTruthy();
    expect(dialog().getByText('No notes')).toBeTruthy();

    await user.click(dialog().getByRole('button', { name: 'Edit Booking', hidden: true }));
    const status = dialog().getByLabelText('Status') as HTMLSelectElement;
    expect(document.activeElement).toBe(status);
    await user.selectOptions(status, 'cancelled');
    await user.click(dialog().getByRole('button', { name: 'Cancel', hidden: true }));
    expect(dialog().getByText('Pending').className).toContain('badge-yellow');

    await user.click(dialog().getByRole('button', { name: 'Edit Booking', hidden: true }));
    expect((dialog().getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves status and notes with PATCH and shows the saved booking in view mode', async () => {
    const saved: Booking = { ...booking, status: 'completed', adminNotes: 'Paid by card over the phone' };
    fetchMock.mockResolvedValue({ ok: true, json: async () => saved } as unknown as Response);
    const user = userEvent.setup();
    renderWithApp(<Page initialMode="edit" />);
    await user.selectOptions(dialog().getByLabelText('Status'), 'completed');
    await user.type(dialog().getByLabelText('Admin notes'), 'Paid by card over the phone  ');
    await user.click(dialog().getByRole('button', { name: 'Save Changes', hidden: true }));

    await screen.findByText('Booking Updated');
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/bookings/7');
    expect(init?.method).toBe('PATCH');
    // The version as read goes with every save: the server refuses it if someone changed the booking since.
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'completed', adminNotes: 'Paid by card over the phone', version: 1 });
    expect(dialog().getByText('Paid by card over the phone')).toBeTruthy();
    expect(dialog().getByText('Completed').className).toContain('badge-green');
    expect(dialog().getByRole('button', { name: 'Edit Booking', hidden: true })).toBeTruthy();
  });

  it('shows a flight-set pickup time as it is and pins it without sending the time', async () => {
    const arrival = '2030-03-09T01:40:00.000Z';
    const flightRide: Booking = {
      ...booking,
      pickupLocation: 'Los Angeles International Airport (LAX), 1 World Way, Los Angeles, CA 90045',
      pickupTime: '17:55',
      flightNumber: 'UA 1542',
      flightStatus: 'delayed',
      flightArrival: arrival,
      pickupPinned: false,
    };
    fetchMock.mockResolvedValue({ ok: true, json: async () => ({ ...flightRide, pickupPinned: true }) } as unknown as Response);
    const user = userEvent.setup();
    renderWithApp(<BookingDialog booking={flightRide} mode="edit" onModeChange={() => {}} onClose={() => {}} />);
    const time = dialog().getByLabelText('Pickup time') as HTMLSelectElement;
    expect(time.value).toBe('17:55');
    expect(time.selectedOptions[0].textContent).toBe('5:55 PM (set by the flight)');
    await user.click(dialog().getByLabelText(/^Pin the pickup time \(flight UA 1542/));
    await user.click(dialog().getByRole('button', { name: 'Save Changes', hidden: true }));
    await screen.findByText('Booking Updated');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ status: 'pending', adminNotes: null, version: 1, pickupPinned: true });
  });

  it('asks why the status of a ride with a driver is changed by hand, and sends the reason with it', async () => {
    const ride: Booking = { ...booking, status: 'confirmed', driverId: 3, driverResponse: 'accepted' };
    fetchMock.mockResolvedValue({ ok: true, json: async () => ({ ...ride, status: 'in-progress' }) } as unknown as Response);
    const user = userEvent.setup();
    renderWithApp(<BookingDialog booking={ride} mode="edit" onModeChange={() => {}} onClose={() => {}} />);
    expect(dialog().queryByLabelText(/^Reason for the status change/)).toBeNull();
    await user.selectOptions(dialog().getByLabelText('Status'), 'in-progress');
    await user.click(dialog().getByRole('button', { name: 'Save Changes', hidden: true }));
    expect(await dialog().findByText('Give a reason for changing the status of a ride its driver has accepted')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(dialog().getByLabelText(/^Reason for the status change/), 'Customer asked to leave early, driver on the way ');
    await user.click(dialog().getByRole('button', { name: 'Save Changes', hidden: true }));
    await screen.findByText('Booking Updated');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      status: 'in-progress',
      statusReason: 'Customer asked to leave early, driver on the way',
      adminNotes: null,
      version: 1,
    });
  });

  it('says why the server refused a change, and keeps the spec\'s words for a failure', async () => {
    const refused = 'This ride is waiting for its driver to answer: withdraw that assignment first';
    fetchMock.mockResolvedValueOnce({ ok: false, status: 409, statusText: 'Conflict', headers: new Headers(), text: async () => JSON.stringify({ statusCode: 409, message: refused }) } as unknown as Response);
    const user = userEvent.setup();
    renderWithApp(<Page initialMode="edit" />);
    await user.selectOptions(dialog().getByLabelText('Status'), 'confirmed');
    await user.click(dialog().getByRole('button', { name: 'Save Changes', hidden: true }));
    await screen.findByText(refused);
    expect(screen.getByText('Save Failed')).toBeTruthy();

    fetchMock.mockResolvedValueOnce({ ok: false, status: 500, statusText: 'Internal Server Error', headers: new Headers(), text: async () => JSON.stringify({ statusCode: 500, message: 'Internal server error' }) } as unknown as Response);
    await user.click(dialog().getByRole('button', { name: 'Save Changes', hidden: true }));
    await screen.findByText('Failed to save booking changes. Please try again.');
  });

  it('shows the ride’s timeline in view mode: when (Los Angeles), what happened and by whom', async () => {
    const timeline = [
      { at: '2030-03-01T18:00:00.000Z', kind: 'created', actor: { kind: 'customer', id: null, name: null }, driverId: null, driverName: null, driverStatus: null, detail: 'Booked as LX-7K3Q9' },
      { at: '2030-03-01T18:05:00.000Z', kind: 'assigned', actor: { kind: 'admin', id: null, name: 'admin' }, driverId: 1, driverName: 'Marcus Whitfield', driverStatus: null, detail: null },
      { at: '2030-03-01T18:07:00.000Z', kind: 'accepted', actor: { kind: 'driver', id: 1, name: 'Marcus Whitfield' }, driverId: 1, driverName: 'Marcus Whitfield', driverStatus: null, detail: null },
    ];
    renderWithApp(<Page initialMode="view" />, { queryData: { '/api/admin/bookings/7/timeline': timeline } });
    const list = await screen.findByTestId('booking-timeline');
    const lines = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'Mar 1, 2030, 10:00 AMBooked · Booked as LX-7K3Q9by Customer',
      'Mar 1, 2030, 10:05 AMAssigned to a driverby Admin (admin)',
      'Mar 1, 2030, 10:07 AMAccepted by the driverby Driver Marcus Whitfield',
    ]);
  });
});

describe('booking dialog: the final price', () => {
  const settled: Booking = {
    ...booking,
    status: 'completed',
    version: 9,
    driverId: 3,
    driverEarnings: '210.00',
    wait: { minutes: 75, freeMinutes: 60, chargedMinutes: 15, charge: '25.00' },
    settlement: {
      status: 'to-review',
      quote: '295.84',
      wait: '25.00',
      extras: [{ kind: 'parking', amount: '12.00', note: 'LAX structure P3' }],
      extrasTotal: '12.00',
      finalAmount: '332.84',
      settledAt: '2030-03-08T20:00:00.000Z',
      reviewedAt: null,
      reviewedBy: null,
      adjustmentReason: null,
    },
  };
  const reviewCalls = () => fetchMock.mock.calls.filter(([path]) => String(path).endsWith('/settlement'));

  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('shows the settled lines and sends an adjustment with its reason and the version read', async () => {
    const adjusted: Booking = { ...settled, version: 10, settlement: { ...settled.settlement!, status: 'approved', extras: [], extrasTotal: '0.00', wait: '10.00', finalAmount: '305.84', adjustmentReason: 'Parking validated', reviewedBy: 'admin', reviewedAt: '2030-03-08T21:00:00.000Z' } };
    fetchMock.mockImplementation(async (path) =>
      String(path).endsWith('/settlement') ? ({ ok: true, json: async () => adjusted } as unknown as Response) : ({ ok: true, json: async () => [] } as unknown as Response),
    );
    const user = userEvent.setup();
    renderWithApp(<BookingDialog booking={settled} mode="view" onModeChange={() => {}} onClose={() => {}} />);
    const panel = within(dialog().getByTestId('settlement'));
    expect(panel.getByText('To review')).toBeTruthy();
    expect(panel.getByText('LAX structure P3')).toBeTruthy();
    expect(panel.getByTestId('final-amount').textContent).toBe('$332.84');

    await user.click(panel.getByRole('button', { name: 'Adjust', hidden: true }));
    await user.click(panel.getByRole('button', { name: 'Save and Send Receipt', hidden: true }));
    expect(await panel.findByText('Say why the final price is adjusted (up to 300 characters)')).toBeTruthy();
    expect(reviewCalls()).toHaveLength(0);

    await user.clear(panel.getByLabelText('Waiting charge ($)'));
    await user.type(panel.getByLabelText('Waiting charge ($)'), '10');
    await user.click(panel.getByRole('button', { name: 'Remove extra 1', hidden: true }));
    expect(panel.getByText('$305.84')).toBeTruthy();
    await user.type(panel.getByLabelText(/^Reason for the adjustment/), 'Parking validated');
    await user.click(panel.getByRole('button', { name: 'Save and Send Receipt', hidden: true }));
    await screen.findByText('Final Price Adjusted');
    expect(JSON.parse(String(reviewCalls()[0][1]?.body))).toEqual({ decision: 'adjust', wait: '10.00', extras: [], reason: 'Parking validated', version: 9 });
    expect(within(dialog().getByTestId('settlement')).getByText('Approved')).toBeTruthy();
    expect(within(dialog().getByTestId('settlement')).getByTestId('final-amount').textContent).toBe('$305.84');
  });
});

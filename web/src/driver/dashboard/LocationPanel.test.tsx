/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test-support/render';
import { LocationPanel } from './LocationPanel';

type Success = (position: GeolocationPosition) => void;
type Failure = (error: GeolocationPositionError) => void;

/** A browser geolocation the test drives: positions and errors are pushed by hand. */
function fakeGeolocation() {
  const watchers: { success: Success; failure: Failure }[] = [];
  const geolocation = {
    watchPosition: jest.fn((success: Success, failure: Failure) => watchers.push({ success, failure }) - 1),
    clearWatch: jest.fn(),
    getCurrentPosition: jest.fn(),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  const last = () => watchers[watchers.length - 1];
  return {
    geolocation,
    move: (latitude: number, longitude: number) =>
      act(() => last().success({ coords: { latitude, longitude, accuracy: 12 }, timestamp: Date.now() } as GeolocationPosition)),
    fail: (code: number) => act(() => last().failure({ code } as GeolocationPositionError)),
  };
}

const ok = { ok: true, status: 200, json: async () => ({}) } as unknown as Response;

describe('location sharing panel', () => {
  const fetchMock = jest.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(ok);
    globalThis.fetch = fetchMock;
  });

  it('shares nothing off duty', () => {
    const geo = fakeGeolocation();
    renderWithApp(<LocationPanel onDuty={false} now={new Date()} />);
    expect(screen.getByText('Your location is shared with dispatch only while you are on duty.')).toBeTruthy();
    expect(geo.geolocation.watchPosition).not.toHaveBeenCalled();
  });

  it('sends the first position on duty, then not again for a small move within 10 s', async () => {
    const geo = fakeGeolocation();
    renderWithApp(<LocationPanel onDuty now={new Date()} />);
    expect(screen.getByText('Waiting for location')).toBeTruthy();
    geo.move(34.052235, -118.243683);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0];
    expect(path).toBe('/api/drivers/current/location');
    expect(JSON.parse(String(init?.body))).toEqual({ latitude: 34.052235, longitude: -118.243683, accuracy: 12 });
    await screen.findByText(/34\.052235, -118\.243683/);
    expect(screen.getByText('Sharing')).toBeTruthy();

    geo.move(34.05224, -118.24369); // about a metre
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says so in the spec words when the driver refuses, and asks again on Try Again', async () => {
    const geo = fakeGeolocation();
    renderWithApp(<LocationPanel onDuty now={new Date()} />);
    geo.fail(1);
    expect((await screen.findByRole('alert')).textContent).toContain('Location access denied by user.');
    expect(geo.geolocation.clearWatch).toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(geo.geolocation.watchPosition).toHaveBeenCalledTimes(2);
    geo.fail(3);
    expect((await screen.findByRole('alert')).textContent).toContain('Location request timed out.');
  });

  it('says when the browser has no geolocation', () => {
    Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
    renderWithApp(<LocationPanel onDuty now={new Date()} />);
    expect(screen.getByRole('alert').textContent).toContain('Geolocation is not supported by this browser.');
  });
});

import type { FieldErrors } from 'react-hook-form';
import { fieldMessages } from './field-messages';

describe('field messages', () => {
  it('flattens nested errors to one message per field path', () => {
    const errors = {
      pickupDate: { type: 'custom', message: 'Pickup date is required' },
      waypoints: [undefined, { type: 'custom', message: 'Stop address cannot be empty' }],
      dropoffLocation: { type: 'custom', message: 'Drop-off location is required', ref: { focus() {} } },
    } as unknown as FieldErrors;
    expect(fieldMessages(errors)).toEqual({
      pickupDate: 'Pickup date is required',
      'waypoints.1': 'Stop address cannot be empty',
      dropoffLocation: 'Drop-off location is required',
    });
  });

  it("gives a list's own error under the list's path", () => {
    expect(fieldMessages({ waypoints: { root: { type: 'too_big', message: 'At most 5 stops can be added' } } })).toEqual({
      waypoints: 'At most 5 stops can be added',
    });
  });

  it('is empty when nothing is wrong', () => {
    expect(fieldMessages({})).toEqual({});
  });
});

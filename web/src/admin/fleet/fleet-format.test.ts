import { categoryLabel, featureSummary } from './fleet-format';

describe('fleet card formatting', () => {
  it('shows the first two features and counts the rest', () => {
    expect(featureSummary(['a', 'b', 'c', 'd'])).toEqual({ shown: ['a', 'b'], more: 2 });
    expect(featureSummary(['a'])).toEqual({ shown: ['a'], more: 0 });
    expect(featureSummary([])).toEqual({ shown: [], more: 0 });
  });

  it('labels every category', () => {
    expect(categoryLabel('party-bus')).toBe('Party Bus');
    expect(categoryLabel('suv')).toBe('SUV');
  });
});

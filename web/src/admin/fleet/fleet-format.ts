import type { VehicleCategory } from '@limo/contracts';

const LABELS: Record<VehicleCategory, string> = {
  sedan: 'Sedan',
  suv: 'SUV',
  limousine: 'Limousine',
  'party-bus': 'Party Bus',
};

export const categoryLabel = (category: VehicleCategory) => LABELS[category];

/** The first two features, and how many more there are ('+N more'). */
export function featureSummary(features: string[]): { shown: string[]; more: number } {
  return { shown: features.slice(0, 2), more: Math.max(0, features.length - 2) };
}

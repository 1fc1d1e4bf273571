import { screen } from '@testing-library/react';

/** The input whose label starts with `label` (a required field's label goes on with its mark). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

/** The message shown under a field: the element its aria-describedby names. */
export const messageOf = (element: HTMLElement) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent;

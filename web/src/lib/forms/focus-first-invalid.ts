/**
 * Takes the user to the first field marked invalid, in the order the fields appear on screen
 * (react-hook-form's own focus follows the order fields registered, which differs once fields
 * come and go). The field is scrolled to the middle of the screen first when any of it (its
 * label, the field, its message) is out of view: focus alone scrolls only as far as the edge of
 * the control, which on a phone leaves the label under the sticky header or the message below
 * the fold.
 */
export function focusFirstInvalid(container: ParentNode | null | undefined): HTMLElement | null {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return null;
  const area = field.closest<HTMLElement>('.field, fieldset') ?? field;
  if (!fullyInView(area)) area.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
  return field;
}

function fullyInView(element: HTMLElement): boolean {
  const rect = element.getBoundingClientRect();
  // Nothing is laid out (a test DOM): treat it as in view rather than scrolling blindly.
  if (rect.width === 0 && rect.height === 0) return true;
  const stickyHeader = document.querySelector<HTMLElement>('.public-header, .admin-header')?.getBoundingClientRect().bottom ?? 0;
  return rect.top >= Math.max(0, stickyHeader) && rect.bottom <= window.innerHeight;
}

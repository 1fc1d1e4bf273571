/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { focusFirstInvalid } from './focus-first-invalid';

/** A box as layout would give it (jsdom lays nothing out). */
const box = (top: number, height: number) => ({ top, bottom: top + height, height, width: 300, left: 0, right: 300, x: 0, y: top, toJSON() {} }) as DOMRect;

function page() {
  document.body.innerHTML = `
    <form>
      <div class="field"><label for="a">A</label><input id="a"></div>
      <div class="field" id="b-field"><label for="b">B</label><input id="b" aria-invalid="true"></div>
      <div class="field"><label for="c">C</label><input id="c" aria-invalid="true"></div>
    </form>`;
  const area = document.getElementById('b-field')!;
  const scrollIntoView = jest.fn();
  area.scrollIntoView = scrollIntoView;
  return { form: document.querySelector('form')!, area, scrollIntoView };
}

describe('focus on the first invalid field', () => {
  it('focuses the first invalid field in screen order', () => {
    const { form } = page();
    expect(focusFirstInvalid(form)?.id).toBe('b');
    expect(document.activeElement?.id).toBe('b');
  });

  it('scrolls the field with its label and message to the middle of the screen when part of it is out of view', () => {
    const { form, area, scrollIntoView } = page();
    area.getBoundingClientRect = () => box(window.innerHeight - 20, 90);
    focusFirstInvalid(form);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(document.activeElement?.id).toBe('b');
  });

  it('leaves the page where it is when the whole field is in view', () => {
    const { form, area, scrollIntoView } = page();
    area.getBoundingClientRect = () => box(100, 90);
    focusFirstInvalid(form);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('does nothing when no field is invalid', () => {
    document.body.innerHTML = '<form><input id="a"></form>';
    expect(focusFirstInvalid(document.querySelector('form'))).toBeNull();
  });
});

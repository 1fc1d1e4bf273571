import { chooseToastEdge, overlap, type Box } from './toast-placement';

const box = (top: number, bottom: number, left = 0, right = 390): Box => ({ top, bottom, left, right });
// A 390 x 844 phone: the toast is 358 wide, 90 tall, 16 px from the edges.
const at = { bottom: box(738, 828, 16, 374), top: box(80, 170, 16, 374) };

describe('toast placement', () => {
  it('measures the area two boxes share', () => {
    expect(overlap(box(0, 10, 0, 10), box(5, 20, 5, 20))).toBe(25);
    expect(overlap(box(0, 10), box(10, 20))).toBe(0);
  });

  it('stays at the bottom when it covers nothing in use', () => {
    expect(chooseToastEdge(at, [box(300, 450)], [box(500, 544)])).toBe('bottom');
  });

  it('moves to the top rather than cover content that must stay readable, such as a one-time password', () => {
    expect(chooseToastEdge(at, [box(700, 820)], [])).toBe('top');
  });

  it('moves to the top rather than cover the button just pressed', () => {
    expect(chooseToastEdge(at, [], [box(780, 824, 200, 374)])).toBe('top');
  });

  it('puts content before the control when it cannot keep clear of both', () => {
    expect(chooseToastEdge(at, [box(100, 200)], [box(780, 824)])).toBe('bottom');
  });

  it('covers less of the content when both edges cover some', () => {
    expect(chooseToastEdge(at, [box(120, 800)], [])).toBe('top');
    expect(chooseToastEdge(at, [box(60, 790)], [])).toBe('bottom');
  });
});

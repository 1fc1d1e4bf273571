import { TextDecoder, TextEncoder } from 'node:util';

/*
 * For the component tests that run in jsdom (`@jest-environment jsdom`); it does nothing in the
 * node environment of every other test. jsdom's window lacks the encoders react-router reads as
 * it loads, the modal methods of <dialog> (opening is all a test needs of them), and the SVG
 * geometry Leaflet looks for when it loads (web/src/maps) before it chooses to draw in SVG.
 */
if (typeof window !== 'undefined') {
  globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
  globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  (SVGSVGElement.prototype as unknown as { createSVGRect?: () => object }).createSVGRect ??= () => ({});
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
}

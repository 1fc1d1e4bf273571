import { TextDecoder, TextEncoder } from 'node:util';

/*
 * For the component tests that run in jsdom (`@jest-environment jsdom`); it does nothing in the
 * node environment of every other test. jsdom's window lacks the encoders react-router reads as
 * it loads.
 */
if (typeof window !== 'undefined') {
  globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
  globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
}

import { useEffect, useState } from 'react';
import type { AddressSuggestion } from '@limo/contracts';
import { ADDRESS_QUERY_MIN_LENGTH } from './contracts-lite';

/** Spec section 9: wait 300 ms after the last keystroke before searching. */
const SUGGESTION_DELAY_MS = 300;

/**
 * Address suggestions for typed text: nothing under 3 characters, one request per pause in
 * typing, older requests aborted. A failed lookup empties the list and is only logged.
 */
export function useAddressSuggestions(query: string | null): { suggestions: AddressSuggestion[]; searching: boolean } {
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [searching, setSearching] = useState(false);
  const text = query?.trim() ?? '';

  useEffect(() => {
    if (text.length < ADDRESS_QUERY_MIN_LENGTH) {
      setSuggestions([]);
      setSearching(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/address-autocomplete?q=${encodeURIComponent(text)}`, {
          credentials: 'include',
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
        setSuggestions((await res.json()) as AddressSuggestion[]);
      } catch (error) {
        if (controller.signal.aborted) return;
        console.warn('Failed to fetch address suggestions', error);
        setSuggestions([]);
      } finally {
        if (!controller.signal.aborted) setSearching(false);
      }
    }, SUGGESTION_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return { suggestions, searching };
}

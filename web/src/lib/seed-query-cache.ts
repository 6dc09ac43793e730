import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_ID, type PageData } from './page-data';

/** Puts the page's embedded answers into the query cache, once: the element is removed after. */
export function seedQueryCache(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(PAGE_DATA_ID);
  if (!element) return;
  element.remove();
  try {
    const { queries } = JSON.parse(element.textContent ?? '') as PageData;
    for (const { key, data } of queries) queryClient.setQueryData(key, data);
  } catch {
    // A broken hand-off costs only the API calls it would have saved.
  }
}

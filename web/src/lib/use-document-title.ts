import { useEffect } from 'react';

const SITE = 'Prestige Limo';

/** Sets the page's title and meta description for the current route. */
export function useDocumentMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title.includes(SITE) ? title : `${title} | ${SITE}`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}

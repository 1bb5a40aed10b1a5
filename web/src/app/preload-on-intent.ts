import { matchPath } from 'react-router-dom';
import { loaderOf, SCREENS } from './screens';

/**
 * Prefetch on intent (issue 25 item 17, docs/decisions/0352): each route's code is split from the others (the
 * worklist does not load the viewer's, the editor's or the charts' code), so the page behind a link is loaded when the
 * pointer rests on the link or the keyboard focuses it — usually before the click — not after.
 */

/** The protected route pattern a console path belongs to (null: none). */
export function routeOfPath(pathname: string): string | null {
  return Object.keys(SCREENS).find((pattern) => matchPath(pattern, pathname) !== null) ?? null;
}

const started = new Set<string>();

/** Starts loading the code of the page at a console path, once per route; a failure is left to the navigation. */
export function preloadPath(pathname: string): void {
  const route = routeOfPath(pathname);
  if (route === null || started.has(route)) return;
  started.add(route);
  const load = loaderOf(SCREENS[route]!);
  void load?.().catch(() => started.delete(route));
}

/** The console path a pointer or focus event points at: a same-origin link, or an element naming its route. */
export function intentPath(target: EventTarget | null): string | null {
  const element =
    typeof Element !== 'undefined' && target instanceof Element
      ? target.closest('a[href], [data-preload-route]')
      : null;
  const href = element?.getAttribute('data-preload-route') ?? element?.getAttribute('href') ?? null;
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  return new URL(href, 'http://console.local').pathname;
}

/** Listens, on the whole document, for the pointer resting on or the focus reaching a link; returns the remover. */
export function listenForIntent(doc: Document = document): () => void {
  const onIntent = (event: Event) => {
    const path = intentPath(event.target);
    if (path !== null) preloadPath(path);
  };
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  return () => {
    doc.removeEventListener('pointerover', onIntent);
    doc.removeEventListener('focusin', onIntent);
  };
}

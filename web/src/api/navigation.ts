/**
 * Lets the API layer (outside React) move the console to another route. The router registers itself at start;
 * until then (and in unit tests) navigation falls back to a full page load.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options: NavigateOptions = {}): void {
  if (navigator) navigator(to, options);
  else if (typeof window !== 'undefined') window.location.assign(to);
}

/** The path, query and hash the console shows now. */
export function currentLocation(): string {
  if (typeof window === 'undefined') return '/';
  return `${window.location.pathname}${window.location.search}${window.location.hash}`;
}

// Applies the remembered colour scheme before the first paint (no light flash for dark-mode users). A file of its
// own, loaded by a blocking <script src> in index.html, because the Content-Security-Policy allows no inline script
// (docs/decisions/0066-browser-protections.md). The key must match COLOR_SCHEME_STORAGE_KEY in src/app/theme.ts.
(function () {
  try {
    var stored = window.localStorage.getItem('rayworks-color-scheme');
    var scheme = stored === 'dark' || stored === 'light' ? stored : 'light';
    if (stored === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    /* storage unavailable: keep the default */
  }
})();

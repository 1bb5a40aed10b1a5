// The console runs under a Content-Security-Policy without 'unsafe-eval' (docs/decisions/0066-browser-protections.md).
// zod compiles object schemas with `new Function` when it may, probing for it as the console's modules define their
// schemas; the refused probe is reported as a violation even though zod catches it. z.config({ jitless: true })
// inside the bundle would come too late (the schemas are made while the modules load), so this sets zod's shared
// configuration object (globalThis.__zod_globalConfig, what z.config writes) before any module runs. Interpreted
// parsing is as correct, and fast enough for forms and API answers.
(function () {
  var config = (window.__zod_globalConfig = window.__zod_globalConfig || {});
  config.jitless = true;
})();

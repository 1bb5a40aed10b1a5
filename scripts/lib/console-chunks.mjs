// What a console route loads before it renders, from the build's chunk list (web/dist-meta/chunks.json, written by
// web/vite.config.ts's chunksFile plugin): the entry's static imports, then the route's page chunk and its static
// imports (a page's own lazy imports — the viewer's engine, a dialog — load later, on use). docs/decisions/0352.

/** The chunks a set of chunks loads at once: themselves and, transitively, their static imports. */
export function staticClosure(chunks, fileNames) {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    const chunk = byName.get(name);
    if (!chunk) throw new Error(`no chunk ${name} in the build`);
    seen.add(name);
    for (const next of chunk.imports) visit(next);
  };
  for (const name of fileNames) visit(name);
  return [...seen];
}

/** The chunk whose module is the page (its facade: what `import('../features/x/pages')` loads). */
export function pageChunk(chunks, pageModule) {
  const found = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === pageModule);
  if (!found) throw new Error(`no lazily loaded chunk for ${pageModule}: is the page still imported with import()?`);
  return found;
}

/** The chunks a route needs before it renders: the entry's and the page's (and the shell's, for a signed-in page). */
export function routeChunks(chunks, pageModules) {
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  return staticClosure(chunks, [entry.fileName, ...pageModules.map((m) => pageChunk(chunks, m).fileName)]);
}

/** The modules of some chunks that match a pattern (the code a route must not load). */
export function modulesMatching(chunks, fileNames, pattern) {
  const names = new Set(fileNames);
  return chunks.filter((c) => names.has(c.fileName)).flatMap((c) => c.moduleIds.filter((id) => pattern.test(id)));
}

/**
 * The order in which a stack's images are fetched (docs/decisions/0166): the image shown first (the middle one),
 * then outwards from it, one below and one above in turn, so that scrolling either way finds images already loaded.
 */
export function outwardOrder(count: number, start: number): number[] {
  const order: number[] = [];
  if (count <= 0) return order;
  const first = Math.min(Math.max(0, start), count - 1);
  order.push(first);
  for (let d = 1; order.length < count; d++) {
    if (first + d < count) order.push(first + d);
    if (first - d >= 0) order.push(first - d);
  }
  return order;
}

/**
 * The images to hold around the one shown (`at`) when at most `capacity` fit the cache (docs/decisions/0330), in
 * the order to fetch them: the whole stack outwards from `at` when it fits; else, scrolling either way
 * (`direction` 0), the `capacity` nearest outwards; while a cine plays (`direction` ±1) three quarters ahead of it
 * (past the end to the start again when it loops) and a quarter behind.
 */
export function prefetchWindow(
  count: number,
  at: number,
  capacity: number,
  direction: number,
  loop: boolean,
): number[] {
  const outward = outwardOrder(count, at);
  if (count <= capacity || direction === 0) return outward.slice(0, Math.max(1, capacity));
  const first = outward[0]!;
  const step = direction > 0 ? 1 : -1;
  const ahead: number[] = [];
  const aheadCount = Math.ceil((capacity * 3) / 4);
  for (let k = 0; ahead.length < aheadCount && k < count; k++) {
    const i = first + step * k;
    if (i >= 0 && i < count) ahead.push(i);
    else if (loop) ahead.push((((i % count) + count) % count) as number);
    else break;
  }
  const taken = new Set(ahead);
  const behind: number[] = [];
  for (let k = 1; ahead.length + behind.length < capacity && k < count; k++) {
    const i = first - step * k;
    const wrapped = loop ? ((i % count) + count) % count : i;
    if (wrapped < 0 || wrapped >= count) break;
    if (taken.has(wrapped)) break;
    behind.push(wrapped);
  }
  return [...ahead, ...behind];
}

/** Batches of image indexes, in `order`, each the frames of at most `size` instances (`sopOf`). */
export function batchesOf(order: readonly number[], sopOf: (index: number) => string, size: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let sops = new Set<string>();
  for (const index of order) {
    const sop = sopOf(index);
    if (!sops.has(sop) && sops.size === size) {
      batches.push(current);
      current = [];
      sops = new Set();
    }
    sops.add(sop);
    current.push(index);
  }
  if (current.length) batches.push(current);
  return batches;
}

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

/** "1 invoice", "3 invoices", "0 refunds": a count with its noun. */
export const plural = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;

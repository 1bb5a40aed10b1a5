/**
 * The props of a link inside a coloured notice (an alert, the critical-results banner): underlined, and a blue dark
 * enough to keep 4.5:1 on the notice's light red or orange background (axe: color-contrast, link-in-text-block).
 */
export const NOTICE_LINK = { c: 'blue.9', underline: 'always' } as const;
